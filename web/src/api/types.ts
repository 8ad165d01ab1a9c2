/**
 * The shapes of the dashboard API (docs/dashboard.md, "The dashboard API"), written by hand from the
 * server's TypeBox schemas in src/http/routes/dashboard/ and src/http/routes/pins/schemas.ts.
 */

export const GAME_TYPES = [
  'Java',
  'Bedrock',
  'FiveM',
  'RedM',
  'RageMP',
  'AltV',
  'Roblox',
  'SanAndreas',
  'Cod',
  'Rust',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const PIN_STATUSES = ['pending', 'scanning', 'finished', 'expired', 'error'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];

export const VERDICTS = ['legit', 'suspicious', 'cheating'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Me {
  accountId: number;
  name: string;
  discordId: string | null;
  sessionExpiresAt: string;
  /** Owns an active Enterprise: may create PINs and keys with pins:create. */
  ownsEnterprise: boolean;
}

export interface DiscordAccount {
  id: string;
  username: string;
  /** How the scan knows the account; absent for scans finished before it was recorded. */
  provenance?: 'proven' | 'named' | 'seen' | 'claimed';
  /** Whether this scan counts for the account everywhere, or only for the Enterprise. */
  reach?: 'shared' | 'enterprise';
}

/** Who sent a scan, as the server knows it (docs/scan-client.md, "Trust"). */
export interface ScanClient {
  kind: 'official' | 'third-party' | 'development' | 'unverified';
  /** The registered client's name (`scanpin-scan 0.1.0 linux-x64`); null for unregistered ones. */
  name: string | null;
  version: string | null;
}

export type AssuranceLevel = 'high' | 'medium' | 'low';

/** How much a finished scan's result can be trusted, and why not more. */
export interface Assurance {
  client: ScanClient;
  level: AssuranceLevel;
  /** What lowers it, lowest level first; empty for `high`. */
  reasons: string[];
}

export interface StatusSummary {
  cheating: string | null;
  vpn: string | null;
  country: string | null;
  scantime: string | null;
  windows: string | null;
  detectionsCount: number;
  warningsCount: number;
  suspiciousCount: number;
  discord: DiscordAccount[];
  /** null for scans finished before assurance was recorded. */
  assurance?: Assurance | null;
}

/** One PIN as the dashboard lists it: the /v1 status body plus who made it and whether it is private. */
export interface ListedPin {
  pin: string;
  pinName: string | null;
  type: string;
  status: PinStatus;
  progress: number;
  statusMessage: string | null;
  result: Verdict | null;
  used: boolean;
  lastStatusUpdate: string | null;
  createdAt: string;
  isFinished: boolean;
  isScanning: boolean;
  isPending: boolean;
  data?: StatusSummary;
  private: boolean;
  creator: string;
  mine: boolean;
  expiresAt: string;
  /** The Enterprise the PIN was created under. */
  enterprise: string;
  enterpriseId: number;
}

export interface PinList {
  data: ListedPin[];
  nextBefore: number | null;
}

export interface PinListFilters {
  status?: PinStatus;
  type?: GameType;
  verdict?: Verdict;
  search?: string;
  createdFrom?: string;
  createdTo?: string;
  enterpriseId?: number;
}

export interface ResultsData {
  cheating: string | null;
  detections: string[];
  suspicious: string[];
  warnings: string[];
  untrusted: string[];
  integrity: string[];
  customSuspicious: string[];
  vpn: string | null;
  country: string | null;
  logon: string | null;
  scantime: string | null;
  windows: string | null;
  discord: DiscordAccount[];
  /** null for scans finished before assurance was recorded. */
  assurance?: Assurance | null;
}

export type PinResults =
  | {
      pin: string;
      type: string;
      status: 'finished';
      result: Verdict;
      pinName: string | null;
      data: ResultsData;
      createdAt: string;
    }
  | {
      pin: string;
      type: string;
      status: 'pending' | 'scanning' | 'expired' | 'error';
      result: 'none';
      pinName: string | null;
      message: string;
    };

export interface PinDetail {
  status: ListedPin;
  results: PinResults;
}

export type TimelineKind = 'created' | 'started' | 'progress' | 'finished' | 'expired' | 'failed';

export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  progress: number;
  message: string | null;
}

export type Role = 'owner' | 'admin' | 'moderator' | 'viewer';
export type MemberRole = Exclude<Role, 'owner'>;

/**
 * The actions of docs/roles.md by the names the server gives them. Which role may do which is the
 * server's answer (`allowedActions`), never a copy kept here.
 */
export type RoleAction =
  | 'pin.create'
  | 'pin.cancel'
  | 'results.read'
  | 'player.moderate'
  | 'finding.review'
  | 'keys.pins-create'
  | 'webhooks.manage'
  | 'discord.manage'
  | 'members.read'
  | 'members.manage'
  | 'members.roles'
  | 'settings.manage'
  | 'audit.read';

/** Your role's active PINs against its quota in the Enterprise a new PIN goes to (docs/roles.md). */
export interface PinSlots {
  canCreate: boolean;
  enterpriseId: number | null;
  role: Role | null;
  used: number;
  limit: number;
  /** The systems a scan link offers the player a scanner for: none until the operator builds them. */
  scannerDownloads: Array<'windows' | 'linux'>;
}

export interface CreatePinInput {
  type: GameType;
  pinName?: string | null;
  ramDump?: boolean;
  private?: boolean;
  /** The player the staff name (docs/risk-score.md, "Whose scan it is"). */
  playerDiscordId?: string | null;
}

export interface ShareLinkCreated {
  id: number;
  url: string;
  expiresAt: string;
}

export interface ShareLinkListing {
  id: number;
  createdAt: string;
  expiresAt: string;
  revoked: boolean;
  /** You made it, or you own the PIN's Enterprise (docs/dashboard.md, "Sharing"). */
  mayWithdraw: boolean;
}

export interface Membership {
  enterprise: { id: number; name: string; active: boolean };
  /** What each role may do: docs/roles.md. */
  role: Role;
  /** What this role may do here, as the server decides it (read through api/roles.ts). */
  allowedActions: RoleAction[];
}

export interface SessionListing {
  id: number;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
}

export interface AuthOptions {
  discord: boolean;
  /** This server's address can have passkeys (docs/dashboard.md, "Passkeys"). */
  passkey?: boolean;
}

export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface InvitePreview {
  enterprise: string;
  usable: boolean;
}

/** A Discord server connected to an Enterprise (docs/discord.md, "Connecting a server"). */
export interface DiscordGuild {
  guildId: string;
  enterpriseId: number;
  /** Members holding one of these roles are staff; Manage Server always is. */
  staffRoleIds: string[];
  connectedAt: string;
  updatedAt: string;
}

export interface DiscordSettings {
  /** Whether the operator set the Discord app up; nothing else is shown without it. */
  appConfigured: boolean;
  /** Adds the app to a server; null until the app is set up. */
  inviteUrl: string | null;
  interactionsUrl: string;
  guilds: DiscordGuild[];
}

export interface DiscordConnectCode {
  /** For `/scanpin connect code:…`: in this answer only. */
  code: string;
  expiresAt: string;
}

export interface DiscordEmbed {
  title?: string;
  description?: string;
  /** 0xRRGGBB as an integer. */
  color?: number;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  footer?: { text: string };
  timestamp?: string;
}

export interface DiscordButton {
  type: number;
  /** 5 is a link (`url`); the others carry a `custom_id` and work in Discord only. */
  style: number;
  label?: string;
  url?: string;
  custom_id?: string;
}

/** A message as the Discord app sends it (`GET /app/api/pins/:pinCode/discord-message`). */
export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  components?: Array<{ type: number; components: DiscordButton[] }>;
  flags?: number;
}

/**
 * Where a ban or warning shows (docs/dashboard.md, "The pages": Players, Moderation): `shared` in
 * every community's lookup, `enterprise` only to readers through the Enterprise that made it.
 */
export type ModerationReach = 'shared' | 'enterprise';

/**
 * Why a new ban or warning would reach only the Enterprise (docs/roles.md, "Moderation"): an operator
 * keeps its reports inside it, the player has not proven their Discord account, or no hardware is
 * linked to the proven player any more.
 */
export type ModerationReachReason = 'not-shared' | 'unproven' | 'no-hardware';

/** One of an Enterprise's bans, warnings or notes on a player (`GET /app/api/players/:discordId/moderation`). */
export interface ModerationEntry {
  id: number;
  kind: 'ban' | 'warning' | 'note';
  reason: string;
  reach: ModerationReach;
  status: 'active' | 'expired' | 'lifted';
  createdAt: string;
  expiresAt: string | null;
  liftedAt: string | null;
  /** The staff member's display name; null once their account is erased. */
  createdBy: string | null;
}

/** An Enterprise's moderation of one player, and what the person may do about it. */
export interface PlayerModeration {
  enterpriseId: number;
  enterpriseName: string;
  /** The person's role there allows `player.moderate` (docs/roles.md). */
  mayModerate: boolean;
  /** The Enterprise can see the player (and may ban, warn or note them): a shared profile, or a report, ban, warning or note of its own. */
  known: boolean;
  /** Where a new ban or warning would show now. */
  reach: ModerationReach;
  /** Why it would stay the Enterprise's own; null when `reach` is `shared`. */
  reachReason: ModerationReachReason | null;
  /** Newest first. */
  entries: ModerationEntry[];
}

export interface BanInput {
  kind: 'ban' | 'warning';
  reason: string;
  /** ISO time in the future, or null for a permanent one. */
  expiresAt: string | null;
}
