import { Type } from 'typebox';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { PLAYER_LIST_LIMITS as LIMITS } from '../../../domain/player-list-limits.js';
import { KEYED_ERRORS, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';

export const DiscordIdParams = Type.Object({
  discordId: Type.String({ pattern: DISCORD_ID_PATTERN, description: 'Discord user ID: 17 to 20 digits.' }),
});

const Status = Type.Enum(['clean', 'suspicious', 'cheating', 'banned']);
const NotFound = {
  found: Type.Literal(false),
  discordId: Type.String(),
  message: Type.String(),
};

/** docs/risk-score.md, "Whose scan it is". */
const ScansByReach = Type.Object(
  {
    shared: Type.Integer({
      description:
        "Scans counted for everyone: the player proved the account, or the staff named it and the scan found it on the player's machine.",
    }),
    enterpriseOnly: Type.Integer({
      description:
        'Scans counted only for your Enterprise: it ran them, and they could not be tied to the person.',
    }),
  },
  {
    description:
      'Which of the scans counted here every community sees, and which only your Enterprise does (docs/risk-score.md, "Whose scan it is").',
  },
);

export const RiskScoreResponse = Type.Union([
  Type.Object({
    found: Type.Literal(true),
    discordId: Type.String(),
    riskScore: Type.Integer({ minimum: 0, maximum: 100 }),
    riskLevel: Type.Enum(['clean', 'low', 'medium', 'high', 'critical']),
    linkedProfiles: Type.Integer(),
    stats: Type.Object({
      totalScans: Type.Integer(),
      cheatingScans: Type.Integer(),
      suspiciousScans: Type.Integer(),
      cleanScans: Type.Integer(),
      totalDetections: Type.Integer(),
    }),
    uniqueCheatsDetected: Type.Array(Type.String(), {
      maxItems: LIMITS.detections,
      description: `The first ${LIMITS.detections} distinct detections by name; \`totalUniqueCheatsDetected\` counts them all.`,
    }),
    totalUniqueCheatsDetected: Type.Integer(),
    isBanned: Type.Boolean(),
    firstScanDate: Timestamp,
    lastScanDate: Timestamp,
    lastCheatingDate: Nullable(Timestamp),
    scansByReach: ScansByReach,
  }),
  Type.Object(NotFound),
]);

const BanEntry = Type.Object({
  status: Type.Enum(['banned', 'warned', 'expired']),
  reason: Type.String(),
  isExpired: Type.Boolean(),
  createdAt: Timestamp,
});

const ReasonEntry = Type.Object({
  reason: Type.String(),
  category: Type.String(),
  addedAt: Timestamp,
  evidence: Type.Unknown({ description: 'Staff-supplied JSON, or null.' }),
});

const RelatedAccount = Type.Object({
  discordId: Type.String(),
  username: Type.String(),
  sharedHwidIds: Type.Array(Type.Integer(), { maxItems: LIMITS.sharedHwidIds }),
  totalDetections: Type.Integer(),
  overallStatus: Status,
  lastSeenAt: Timestamp,
  detections: Type.Array(Type.String(), {
    maxItems: LIMITS.relatedDetections,
    description: `The first ${LIMITS.relatedDetections} distinct detections by name; \`totalUniqueDetections\` counts them all.`,
  }),
  totalUniqueDetections: Type.Integer(),
  totalSharedHwids: Type.Integer({
    description: `Shared hardware IDs in all; \`sharedHwidIds\` lists up to ${LIMITS.sharedHwidIds}.`,
  }),
});

export const LookupResponse = Type.Union([
  Type.Object({
    found: Type.Literal(true),
    discordId: Type.String(),
    username: Type.String(),
    totalScans: Type.Integer(),
    totalDetections: Type.Integer(),
    overallStatus: Status,
    isBanned: Type.Boolean(),
    isWarned: Type.Boolean(),
    bans: Type.Array(BanEntry, {
      maxItems: LIMITS.bans,
      description: `The ${LIMITS.bans} most recent, oldest first; \`totalBans\` counts them all. Every one counts for \`isBanned\` and \`isWarned\`.`,
    }),
    totalBans: Type.Integer(),
    detections: Type.Array(Type.String(), {
      maxItems: LIMITS.detections,
      description: `The first ${LIMITS.detections} distinct detections by name; \`totalUniqueDetections\` counts them all.`,
    }),
    totalUniqueDetections: Type.Integer(),
    reasons: Type.Array(ReasonEntry, {
      maxItems: LIMITS.reasons,
      description: `The ${LIMITS.reasons} most recent notes, oldest first; \`totalReasons\` counts them all.`,
    }),
    totalReasons: Type.Integer(),
    firstSeen: Timestamp,
    lastSeen: Timestamp,
    gamesScanned: Type.Array(Type.String()),
    totalHwids: Type.Integer(),
    hasRelatedAccounts: Type.Boolean(),
    totalRelatedAccounts: Type.Integer(),
    relatedAccounts: Type.Array(RelatedAccount, {
      maxItems: LIMITS.relatedAccounts,
      description: `The ${LIMITS.relatedAccounts} most recently seen; \`totalRelatedAccounts\` counts them all.`,
    }),
    scansByReach: ScansByReach,
  }),
  Type.Object({ ...NotFound, relatedAccounts: Type.Array(RelatedAccount, { maxItems: 0 }) }),
]);

export const playerErrors = problemResponses(...KEYED_ERRORS, 400, 404);
