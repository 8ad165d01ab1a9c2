import { PLAYER_LIST_LIMITS } from '../../domain/player-list-limits.js';
import type { EnterpriseNote, EnterpriseSanction } from '../../storage/repositories/moderation.js';
import type { EnterpriseReport } from '../../storage/repositories/report-provenance.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import type { PlayerChanges } from './player-facts-cache.js';

/**
 * What an Enterprise holds of a person that only readers through it see (docs/risk-score.md, "Whose
 * scan it is"; docs/roles.md, "Moderation"): its reports that count only inside it, its bans and
 * warnings that reach only it, and its notes. One object per Enterprise and person while it is kept,
 * so what is made of it can be kept too (with-own-reports.ts).
 */
export interface OwnRecord {
  /** Most recent first. */
  reports: readonly EnterpriseReport[];
  /** Oldest first. */
  sanctions: readonly EnterpriseSanction[];
  /** Oldest first, the most recent PLAYER_LIST_LIMITS.reasons. */
  notes: readonly EnterpriseNote[];
  notesTotal: number;
  /**
   * The `bans` rows of its shared bans and warnings an operator withdrew (docs/roles.md,
   * "Moderation"): lifted for everyone, while the entry, among `sanctions` again, says it here.
   */
  withdrawnBanIds: readonly number[];
}

export const NO_OWN_RECORD: OwnRecord = Object.freeze({
  reports: Object.freeze([]),
  sanctions: Object.freeze([]),
  notes: Object.freeze([]),
  notesTotal: 0,
  withdrawnBanIds: Object.freeze([]),
});

/**
 * The bans and warnings in force (not lifted) that reach only the reader's Enterprises, on the accounts
 * a lookup lists as related, by Discord ID: one statement for all of them (docs/risk-score.md, "What
 * each answer covers"). One object while it is kept, so what is made of it can be kept too.
 */
export type RelatedSanctions = ReadonlyMap<string, readonly EnterpriseSanction[]>;
export const NO_RELATED_SANCTIONS: RelatedSanctions = new Map();

export function isEmptyRecord(own: OwnRecord): boolean {
  return own.reports.length === 0 && own.sanctions.length === 0 && own.notesTotal === 0;
}

/** Reads kept in memory at most; the least recently read go first. */
const CAPACITY = 10_000;
/** As for players' facts (player-facts-cache.ts): notices keep them true, this only bounds a lost one. */
const MAX_AGE_MS = 10_000;

/**
 * An Enterprise's own record of a person, kept in memory per Enterprise and person until any notice
 * says players or such records changed: a scan that recorded reports, one that linked the person's
 * hardware (which decides which of them the risk score counts already), a ban, warning, lift or note
 * of the Enterprise's staff, a proof that shared a ban, an erasure, retention. They sit in the path
 * of every risk score and lookup an Enterprise's member reads; most are empty, and an empty one is
 * kept too.
 */
export class EnterpriseReportsCache {
  private readonly kept = new Map<string, { record: unknown; at: number }>();
  private generation = 0;
  private readonly unfollow: Array<() => void>;

  constructor(
    private readonly changes: PlayerChanges,
    private readonly clock: () => number,
  ) {
    this.unfollow = [changes.followPlayerChanges(() => this.clear()), changes.followGaps(() => this.clear())];
  }

  async read(enterpriseId: number, discordId: string, load: () => Promise<OwnRecord>): Promise<OwnRecord> {
    return this.readKept(`${enterpriseId}:${discordId}`, load, () => true);
  }

  /**
   * The reader's Enterprises' sanctions on a lookup's related accounts, kept per Enterprises and
   * player as their records are, and read again when the lookup lists an account they were not read for.
   */
  async readRelated(
    enterpriseIds: readonly number[],
    discordId: string,
    relatedIds: readonly string[],
    load: () => Promise<RelatedSanctions>,
  ): Promise<RelatedSanctions> {
    const kept = await this.readKept(
      `related:${enterpriseIds.join(',')}:${discordId}`,
      async () => ({ ids: new Set(relatedIds), sanctions: await load() }),
      (hit) => relatedIds.every((id) => hit.ids.has(id)),
    );
    return kept.sanctions;
  }

  private async readKept<T>(key: string, load: () => Promise<T>, covers: (hit: T) => boolean): Promise<T> {
    if (!this.changes.listening()) return load();
    const now = this.clock();
    const hit = this.kept.get(key) as { record: T; at: number } | undefined;
    if (hit !== undefined && now - hit.at < MAX_AGE_MS && hit.at <= now && covers(hit.record)) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit.record;
    }
    const generation = this.generation;
    const record = await load();
    if (generation === this.generation && this.changes.listening()) {
      this.kept.delete(key);
      this.kept.set(key, { record, at: now });
      if (this.kept.size > CAPACITY) this.kept.delete(this.kept.keys().next().value as string);
    }
    return record;
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

/** An Enterprise's own record of a person, read from the store (two statements, three with a ban of its own). */
async function loadOwnRecord(
  ctx: UseCaseContext,
  enterpriseId: number,
  discordId: string,
): Promise<OwnRecord> {
  const reports = await ctx.repos.reportProvenance.enterpriseReports(enterpriseId, discordId);
  const moderation = await ctx.repos.moderation.enterpriseRecord(
    enterpriseId,
    discordId,
    PLAYER_LIST_LIMITS.reasons,
  );
  const record = { reports, ...moderation };
  return isEmptyRecord(record) ? NO_OWN_RECORD : record;
}

/** The caller's active Enterprises, narrowed to `only` when given; none for a caller with no account. */
async function readerEnterpriseIds(
  ctx: UseCaseContext,
  caller: AccountCaller,
  only?: readonly number[],
): Promise<readonly number[]> {
  const accountId = caller.account?.id;
  if (accountId === undefined) return [];
  const active = await ctx.keyPrincipals.enterpriseIds(accountId, () =>
    ctx.repos.enterprises.activeEnterpriseIdsOf(accountId),
  );
  return only === undefined ? active : active.filter((id) => only.includes(id));
}

/**
 * What the caller's active Enterprises hold of `discordId` that only they see: reports that count
 * only inside them (most recent first), their bans and warnings that reach only them, and their
 * notes. A caller with a licence and no Enterprise has none.
 */
export async function ownEnterpriseRecord(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  /** Narrows to these of the caller's Enterprises. */
  only?: readonly number[],
): Promise<OwnRecord> {
  const enterpriseIds = await readerEnterpriseIds(ctx, caller, only);
  const parts: OwnRecord[] = [];
  for (const id of enterpriseIds) {
    const kept = await ctx.enterpriseReports.read(id, discordId, () => loadOwnRecord(ctx, id, discordId));
    if (!isEmptyRecord(kept)) parts.push(kept);
  }
  // The kept record itself when there is one (nearly always): the same object while it is kept, so
  // what is made of it can be kept too (with-own-reports.ts).
  if (parts.length === 0) return NO_OWN_RECORD;
  if (parts.length === 1) return parts[0] as OwnRecord;
  const notes = parts
    .flatMap((p) => p.notes)
    .sort((a, b) => a.addedAt - b.addedAt)
    .slice(-PLAYER_LIST_LIMITS.reasons);
  return {
    reports: parts.flatMap((p) => p.reports).sort((a, b) => b.finishedAt - a.finishedAt || b.pinId - a.pinId),
    sanctions: parts.flatMap((p) => p.sanctions).sort((a, b) => a.createdAt - b.createdAt || a.id - b.id),
    notes,
    notesTotal: parts.reduce((n, p) => n + p.notesTotal, 0),
    withdrawnBanIds: parts.flatMap((p) => p.withdrawnBanIds),
  };
}

/**
 * What the caller's active Enterprises hold of a lookup's related accounts that only they see: their
 * bans and warnings in force that reach only them (docs/risk-score.md, "What each answer covers"),
 * so a related account shows the status its own lookup would show the reader.
 */
export async function relatedEnterpriseSanctions(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  relatedIds: readonly string[],
  only?: readonly number[],
): Promise<RelatedSanctions> {
  if (relatedIds.length === 0) return NO_RELATED_SANCTIONS;
  const enterpriseIds = await readerEnterpriseIds(ctx, caller, only);
  if (enterpriseIds.length === 0) return NO_RELATED_SANCTIONS;
  return ctx.enterpriseReports.readRelated(enterpriseIds, discordId, relatedIds, async () => {
    const found = await ctx.repos.moderation.sanctionsInForceOn(enterpriseIds, relatedIds);
    if (found.length === 0) return NO_RELATED_SANCTIONS;
    const byAccount = new Map<string, EnterpriseSanction[]>();
    for (const { discordId: id, ...sanction } of found)
      byAccount.set(id, [...(byAccount.get(id) ?? []), sanction]);
    return byAccount;
  });
}
