/**
 * How much a finished scan's result can be trusted (docs/scan-client.md, "Trust"). A verdict is a
 * claim about a machine the player controls, so every result says which client made it and what
 * lowers the trust in it: an unknown client, a game that was not running, a source that failed, a
 * scan that moved between networks. Pure: the facts in, the assurance out.
 */

/**
 * Which scan client sent the scan:
 * - `official`: a build this server registered (`npm run build:scanner`), every call signed with its key;
 * - `third-party`: an integration the operator registered, signed the same way;
 * - `development`: the scanner run from source, which says so and cannot prove it;
 * - `unverified`: anything else, a bare `/v1/scanner/finish` included.
 */
export type ClientKind = 'official' | 'third-party' | 'development' | 'unverified';
export const CLIENT_KINDS: readonly ClientKind[] = ['official', 'third-party', 'development', 'unverified'];

export type AssuranceLevel = 'high' | 'medium' | 'low';
export const ASSURANCE_LEVELS: readonly AssuranceLevel[] = ['high', 'medium', 'low'];

/** The client of a scan as the server knows it from the scan's start. */
export interface ScanClient {
  kind: ClientKind;
  /** The registered client's name (`scanpin-scan 0.1.0 linux-x64`); null for unregistered ones. */
  name: string | null;
  /** The version the client gave at start; null when it gave none. */
  version: string | null;
}

/**
 * One thing that lowers a scan's assurance. `text` is in words staff understand; it also goes into
 * the published `integrity` list, so a scan with any reason is never `legit`.
 */
export interface AssuranceReason {
  /** Stable, for tests and tools: `client_unverified`, `game_not_running`, `network_changed`, … */
  code: string;
  level: Exclude<AssuranceLevel, 'high'>;
  text: string;
}

/** What a finished scan carries besides the published fields. */
export interface Assurance {
  client: ScanClient;
  level: AssuranceLevel;
  /** The texts of the reasons, lowest level first; empty for `high`. */
  reasons: string[];
}

const RANK: Record<AssuranceLevel, number> = { high: 2, medium: 1, low: 0 };

/**
 * The reasons the client itself gives: only a registered, signed client leaves the level high. An
 * official build always sends its evidence; a bare report signed with an official build's key came
 * from something else holding that key (docs/scan-client.md, "Official builds").
 */
export function clientReasons(client: ScanClient, delivered: 'evidence' | 'report'): AssuranceReason[] {
  switch (client.kind) {
    case 'official':
      return delivered === 'evidence'
        ? []
        : [
            {
              code: 'official_without_evidence',
              level: 'low',
              text: 'The scan was signed with an official build’s key but sent a bare report, which the official scanner never does: the key may have been taken out of the executable.',
            },
          ];
    case 'third-party':
      return [];
    case 'development':
      return [
        {
          code: 'client_development',
          level: 'low',
          text: 'The scan came from a development copy of the scanner run from source: anyone can change its code, so its evidence proves nothing on its own.',
        },
      ];
    case 'unverified':
      return [
        {
          code: 'client_unverified',
          level: 'low',
          text: 'The scan came from a client this server does not know (not a registered scanner build): its report is the sender’s word only.',
        },
      ];
  }
}

/** The lowest level among the reasons; `high` with none. */
export function levelOf(reasons: readonly AssuranceReason[]): AssuranceLevel {
  let level: AssuranceLevel = 'high';
  for (const r of reasons) if (RANK[r.level] < RANK[level]) level = r.level;
  return level;
}

/** The assurance of a scan: its client, and every reason (the client's first), each text once. */
export function assuranceOf(
  client: ScanClient,
  reasons: readonly AssuranceReason[],
  delivered: 'evidence' | 'report' = 'evidence',
): Assurance {
  const all = [...clientReasons(client, delivered), ...reasons];
  const sorted = [...all].sort((a, b) => RANK[a.level] - RANK[b.level]);
  return { client, level: levelOf(all), reasons: [...new Set(sorted.map((r) => r.text))] };
}

/** The integrity entries the reasons add to a report: each reason's text. */
export function integrityOf(assurance: Assurance): string[] {
  return assurance.reasons;
}
