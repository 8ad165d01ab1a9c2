import type { KeyPrincipal } from '../../storage/repositories/api-keys.js';

/**
 * Tells every instance that keys or accounts changed (a key revoked, an account banned, its licence
 * changed or deleted), over the same bus as PIN changes: Redis, PostgreSQL LISTEN/NOTIFY, or in
 * process on SQLite.
 */
export interface AccessChanges {
  /** Announces a committed change to every instance, this one included. */
  announceAccessChange(): void;
  /** Calls `listener` on every announced change until the returned function is called. */
  followAccessChanges(listener: () => void): () => void;
}

/** How long a principal is trusted without a re-read: the bound when the bus itself is down. */
export const PRINCIPAL_TTL_MS = 5_000;
const CAPACITY = 10_000;

interface Entry {
  principal: KeyPrincipal;
  expiresAt: number;
}

/**
 * Every keyed request starts by reading its key and account; polling makes that the most repeated
 * query we run (docs/benchmarks.md, "Profile findings"). Principals found are kept for a few seconds
 * and forgotten at once, on every instance, when access changes (docs/deployment.md, "Several
 * instances"). Unknown keys are never kept: a new key works at once, and guessing fills nothing.
 */
export class KeyPrincipals {
  private readonly entries = new Map<string, Entry>();
  /** Whether an account is in an active Enterprise (the licence rule), kept like principals. */
  private readonly enterprises = new Map<number, { ids: readonly number[]; expiresAt: number }>();
  /** Bumped on every change, so a read that began before it cannot store what it read. */
  private generation = 0;
  private readonly unfollow: () => void;

  constructor(
    private readonly read: (keyHash: string) => Promise<KeyPrincipal | undefined>,
    private readonly changes: AccessChanges,
    private readonly clock: () => number,
    private readonly ttlMs = PRINCIPAL_TTL_MS,
  ) {
    this.unfollow = changes.followAccessChanges(() => this.forgetHere());
  }

  async find(keyHash: string): Promise<KeyPrincipal | undefined> {
    const now = this.clock();
    const hit = this.entries.get(keyHash);
    if (hit !== undefined && hit.expiresAt > now) return hit.principal;
    const generation = this.generation;
    const principal = await this.read(keyHash);
    if (principal === undefined || principal.revoked) {
      this.entries.delete(keyHash);
      return principal;
    }
    if (generation === this.generation) {
      if (this.entries.size >= CAPACITY) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(keyHash, { principal, expiresAt: now + this.ttlMs });
    }
    return principal;
  }

  /**
   * The active Enterprises the account owns or belongs to, which the risk score and lookup ask on
   * every request: whether it may read players without a licence of its own (a query of about 42 µs
   * each time), and whose own reports the answer adds (docs/risk-score.md, "Whose scan it is"). Kept
   * as principals are, and forgotten with them when access changes (a member added or removed, an
   * Enterprise created or deactivated: application/accounts/enterprises.ts and its callers).
   */
  async enterpriseIds(accountId: number, read: () => Promise<number[]>): Promise<readonly number[]> {
    const now = this.clock();
    const hit = this.enterprises.get(accountId);
    if (hit !== undefined && hit.expiresAt > now) return hit.ids;
    const generation = this.generation;
    const ids = await read();
    if (generation === this.generation) {
      if (this.enterprises.size >= CAPACITY) {
        this.enterprises.delete(this.enterprises.keys().next().value as number);
      }
      this.enterprises.set(accountId, { ids, expiresAt: now + this.ttlMs });
    }
    return ids;
  }

  /** The key's last use was just written: the kept copy says so too, so it is not written again. */
  touched(keyHash: string, at: number): void {
    const hit = this.entries.get(keyHash);
    if (hit !== undefined) hit.principal = { ...hit.principal, lastUsedAt: at };
  }

  /** Call after a change to keys or accounts has committed: every instance re-reads. */
  accessChanged(): void {
    this.forgetHere();
    this.changes.announceAccessChange();
  }

  /** Calls `listener` after every change to keys or accounts on any instance (a key revoked, say). */
  followChanges(listener: () => void): () => void {
    return this.changes.followAccessChanges(listener);
  }

  close(): void {
    this.unfollow();
    this.entries.clear();
    this.enterprises.clear();
  }

  private forgetHere(): void {
    this.generation++;
    this.entries.clear();
    this.enterprises.clear();
  }
}
