import type { EnterpriseReport } from '../../storage/repositories/report-provenance.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import type { PlayerChanges } from './player-facts-cache.js';

/** Reads kept in memory at most; the least recently read go first. */
const CAPACITY = 10_000;
/** As for players' facts (player-facts-cache.ts): notices keep them true, this only bounds a lost one. */
const MAX_AGE_MS = 10_000;

/**
 * An Enterprise's own reports of a person (docs/risk-score.md, "Whose scan it is"), kept in memory
 * per Enterprise and person until any notice says players or such reports changed: a scan that
 * recorded them, one that linked the person's hardware (which decides which of them the risk score
 * counts already), an erasure, retention. They sit in the path of every risk score and lookup an
 * Enterprise's member reads; most are empty, and an empty answer is kept too.
 */
export class EnterpriseReportsCache {
  private readonly kept = new Map<string, { reports: readonly EnterpriseReport[]; at: number }>();
  private generation = 0;
  private readonly unfollow: Array<() => void>;

  constructor(
    private readonly changes: PlayerChanges,
    private readonly clock: () => number,
  ) {
    this.unfollow = [changes.followPlayerChanges(() => this.clear()), changes.followGaps(() => this.clear())];
  }

  async read(
    enterpriseId: number,
    discordId: string,
    load: () => Promise<EnterpriseReport[]>,
  ): Promise<readonly EnterpriseReport[]> {
    if (!this.changes.listening()) return load();
    const key = `${enterpriseId}:${discordId}`;
    const now = this.clock();
    const hit = this.kept.get(key);
    if (hit !== undefined && now - hit.at < MAX_AGE_MS && hit.at <= now) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit.reports;
    }
    const generation = this.generation;
    const reports = await load();
    if (generation === this.generation && this.changes.listening()) {
      this.kept.delete(key);
      this.kept.set(key, { reports, at: now });
      if (this.kept.size > CAPACITY) this.kept.delete(this.kept.keys().next().value as string);
    }
    return reports;
  }

  close(): void {
    for (const stop of this.unfollow) stop();
    this.clear();
  }

  private clear(): void {
    this.generation++;
    this.kept.clear();
  }
}

/**
 * The reports of `discordId` that count only inside the caller's active Enterprises, most recent
 * first. A caller with a licence and no Enterprise has none.
 */
export async function ownEnterpriseReports(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  /** Narrows to these of the caller's Enterprises. */
  only?: readonly number[],
): Promise<readonly EnterpriseReport[]> {
  const accountId = caller.account?.id;
  if (accountId === undefined) return [];
  const active = await ctx.keyPrincipals.enterpriseIds(accountId, () =>
    ctx.repos.enterprises.activeEnterpriseIdsOf(accountId),
  );
  const enterpriseIds = only === undefined ? active : active.filter((id) => only.includes(id));
  const parts: Array<readonly EnterpriseReport[]> = [];
  for (const id of enterpriseIds) {
    const kept = await ctx.enterpriseReports.read(id, discordId, () =>
      ctx.repos.reportProvenance.enterpriseReports(id, discordId),
    );
    if (kept.length > 0) parts.push(kept);
  }
  // The kept list itself when there is one (nearly always): the same object while it is kept, so
  // what is made of it can be kept too (with-own-reports.ts).
  if (parts.length === 0) return NONE;
  if (parts.length === 1) return parts[0] as readonly EnterpriseReport[];
  return parts.flat().sort((a, b) => b.finishedAt - a.finishedAt || b.pinId - a.pinId);
}

const NONE: readonly EnterpriseReport[] = Object.freeze([]);
