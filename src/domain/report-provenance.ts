/**
 * Whose scan is it (docs/risk-score.md, "Whose scan it is"). A report can name any Discord ID: a
 * modified scanner can claim one, and a Discord store on the machine can hold any account someone
 * once signed into there. A report raises what other communities see of a person only when the scan
 * is tied to that person; everything else counts inside the Enterprise that ran the scan.
 */

/**
 * How a scan knows one of its Discord accounts, strongest first:
 * - `proven`: the player signed in with Discord (scope `identify`) before the scan;
 * - `named`: the staff named the player when creating the PIN;
 * - `seen`: the scan client found the account in a Discord store on the machine;
 * - `claimed`: the report only said so.
 */
export type Provenance = 'proven' | 'named' | 'seen' | 'claimed';

export const PROVENANCES: readonly Provenance[] = ['proven', 'named', 'seen', 'claimed'];

/** How far an account's report counts: for every community, or only inside the scanning Enterprise. */
export type Reach = 'shared' | 'enterprise';

/** Who a PIN was made for, as the staff named them and as the player proved. */
export interface PinPlayer {
  named: { discordId: string; username: string | null } | null;
  proven: { discordId: string; username: string } | null;
}

export const NO_PIN_PLAYER: PinPlayer = { named: null, proven: null };

/** One Discord account of a finished scan, as recorded with it. */
export interface ScanAccount {
  discordId: string;
  username: string;
  provenance: Provenance;
  /** The machine's Discord store listed it (the scan client's evidence). */
  seenOnMachine: boolean;
  reach: Reach;
}

/**
 * Whether a report about an account may count for every community: only an account the player
 * proved through Discord for this PIN, from an Enterprise whose reports are shared. Named, seen and
 * claimed accounts count inside the Enterprise only: what the machine's Discord store lists is the
 * scan client's word, so a PIN naming someone plus a forged upload listing them would otherwise make
 * anyone's score high everywhere (docs/risk-score.md, "Whose scan it is").
 */
export function reachOf(provenance: Provenance, enterpriseShared: boolean): Reach {
  return enterpriseShared && provenance === 'proven' ? 'shared' : 'enterprise';
}

/**
 * The accounts of a finished scan with their provenance. `reported` are the report's accounts;
 * `seenOnMachine` says whether they came from the machine's Discord store (an evidence upload) or
 * were only reported. A proven account is the scan's player even when the report left it out.
 */
export function accountsOfScan(input: {
  reported: ReadonlyArray<{ id: string; username: string }>;
  seenOnMachine: boolean;
  player: PinPlayer;
  enterpriseShared: boolean;
}): ScanAccount[] {
  const { player, enterpriseShared } = input;
  // One entry per account; if a report names an account twice, its last username wins.
  const reported = new Map(input.reported.map((d) => [d.id, d.username]));
  const accounts: ScanAccount[] = [];
  for (const [discordId, reportedName] of reported) {
    // The name Discord gave at the proof, not the one the report claims.
    const username = player.proven?.discordId === discordId ? player.proven.username : reportedName;
    const provenance: Provenance =
      player.proven?.discordId === discordId
        ? 'proven'
        : player.named?.discordId === discordId
          ? 'named'
          : input.seenOnMachine
            ? 'seen'
            : 'claimed';
    accounts.push({
      discordId,
      username,
      provenance,
      seenOnMachine: input.seenOnMachine,
      reach: reachOf(provenance, enterpriseShared),
    });
  }
  const proven = player.proven;
  if (proven !== null && !reported.has(proven.discordId)) {
    accounts.push({
      discordId: proven.discordId,
      username: proven.username,
      provenance: 'proven',
      seenOnMachine: false,
      reach: reachOf('proven', enterpriseShared),
    });
  }
  return accounts.sort((a, b) => a.discordId.localeCompare(b.discordId));
}

/**
 * A report's accounts as the finished scan keeps them: each says how the scan knows it and how far
 * its report counts, for the PIN's owner to see.
 */
export function withProvenance<T extends { id: string }>(
  discord: readonly T[],
  accounts: readonly ScanAccount[],
): Array<T & { provenance?: Provenance; reach?: Reach }> {
  const known = new Map(accounts.map((a) => [a.discordId, a]));
  return discord.map((d) => {
    const account = known.get(d.id);
    return account === undefined ? d : { ...d, provenance: account.provenance, reach: account.reach };
  });
}

/** The accounts a scan counts for in every community: what the shared risk aggregates link. */
export function sharedAccountsOf(accounts: readonly ScanAccount[]): Array<{ id: string; username: string }> {
  return accounts.filter((a) => a.reach === 'shared').map((a) => ({ id: a.discordId, username: a.username }));
}

/** An Enterprise's own report of a person, as its risk scores and lookups read it. */
export interface OwnReport {
  username: string;
  gameType: string;
  verdict: 'legit' | 'cheating' | 'suspicious';
  detections: readonly string[];
  suspiciousFindings: number;
  finishedAt: number;
}

/** What a set of an Enterprise's own reports adds to an answer (docs/risk-score.md, "Whose scan it is"). */
export interface OwnReportsSummary {
  scans: number;
  cheatingScans: number;
  suspiciousScans: number;
  cleanScans: number;
  totalDetections: number;
  /** Distinct detections, in the order first found. */
  detections: string[];
  suspiciousFindings: number;
  games: string[];
  firstAt: number;
  lastAt: number;
  lastCheatingAt: number | null;
  /** The username of the most recent report. */
  username: string;
}

/** Sums reports (any order); undefined for none. */
export function summarizeOwnReports(reports: readonly OwnReport[]): OwnReportsSummary | undefined {
  if (reports.length === 0) return undefined;
  const byTime = [...reports].sort((a, b) => a.finishedAt - b.finishedAt);
  const detections = new Set<string>();
  const games = new Set<string>();
  let cheating: number | null = null;
  for (const r of byTime) {
    for (const d of r.detections) detections.add(d);
    games.add(r.gameType);
    if (r.verdict === 'cheating') cheating = r.finishedAt;
  }
  const count = (verdict: OwnReport['verdict']) => reports.filter((r) => r.verdict === verdict).length;
  const last = byTime[byTime.length - 1] as OwnReport;
  return {
    scans: reports.length,
    cheatingScans: count('cheating'),
    suspiciousScans: count('suspicious'),
    cleanScans: count('legit'),
    totalDetections: reports.reduce((n, r) => n + r.detections.length, 0),
    detections: [...detections],
    suspiciousFindings: reports.reduce((n, r) => n + r.suspiciousFindings, 0),
    games: [...games],
    firstAt: (byTime[0] as OwnReport).finishedAt,
    lastAt: last.finishedAt,
    lastCheatingAt: cheating,
    username: last.username,
  };
}
