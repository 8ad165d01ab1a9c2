import type { PinWithReport } from '../../domain/pin.js';
import type { PinChanges } from './pin-changes.js';

/** Stored PINs kept in memory at most; the least recently read go first. */
const CAPACITY = 20_000;
/**
 * How long a kept record may be served without a notice saying it changed. Notices are what keep it
 * true; this only bounds the one case they cannot cover: another instance that committed a change and
 * died before announcing it.
 */
export const PIN_RECORD_MAX_AGE_MS = 10_000;
/** How often a record read again is moved to the most recently read end. */
const MOVE_EVERY_MS = 1_000;

/**
 * The stored PINs that status and results polls read (docs/operations.md, "Caches"), kept in memory
 * until the PIN-change notices (every instance's, through the same bus that feeds event streams) say
 * one changed. A poll of a PIN that did not change is then answered without the store: the record is
 * what the store would return, and the state is still observed as of now (expiry and idle timeouts
 * come due on time). While the bus is not listening, nothing is kept; when it starts listening again,
 * everything kept before is dropped, since notices may have been missed in between.
 */
export class PinRecordCache {
  private readonly byCode = new Map<string, { pin: PinWithReport; at: number; movedAt: number }>();
  private readonly codeById = new Map<number, string>();
  /** Bumped by every notice: a read that started before one may hold what it announced as old. */
  private generation = 0;
  private readonly unfollow: Array<() => void>;

  constructor(
    private readonly changes: PinChanges,
    private readonly clock: () => number,
  ) {
    this.unfollow = [
      changes.followAll((pinId) => this.forget(pinId)),
      changes.followGaps(() => this.clear()),
    ];
  }

  /** The stored PIN with `code`, from memory when no notice said it changed since it was read. */
  async read(
    code: string,
    load: () => Promise<PinWithReport | undefined>,
  ): Promise<PinWithReport | undefined> {
    const now = this.clock();
    // Whatever was kept may have changed unannounced while the bus is away.
    if (!this.changes.listening()) {
      if (this.byCode.size > 0) this.clear();
      return load();
    }
    const kept = this.byCode.get(code);
    if (kept !== undefined && now - kept.at < PIN_RECORD_MAX_AGE_MS) {
      // Map order is insertion order: moving it to the end keeps the least recently read first. Once
      // a second is enough for that order, and a move on every poll was 2.5 % of the poll's profile.
      if (now - kept.movedAt >= MOVE_EVERY_MS) {
        kept.movedAt = now;
        this.byCode.delete(code);
        this.byCode.set(code, kept);
      }
      return kept.pin;
    }
    const generation = this.generation;
    const pin = await load();
    if (pin !== undefined && generation === this.generation && this.changes.listening()) {
      this.keep(code, pin, now);
    }
    return pin;
  }

  close(): void {
    for (const stop of this.unfollow) stop();
    this.clear();
  }

  private keep(code: string, pin: PinWithReport, at: number): void {
    this.byCode.delete(code);
    this.byCode.set(code, { pin, at, movedAt: at });
    this.codeById.set(pin.id, code);
    if (this.byCode.size <= CAPACITY) return;
    const [oldest] = this.byCode;
    if (oldest === undefined) return;
    this.byCode.delete(oldest[0]);
    this.codeById.delete(oldest[1].pin.id);
  }

  private forget(pinId: number): void {
    this.generation++;
    const code = this.codeById.get(pinId);
    if (code === undefined) return;
    this.codeById.delete(pinId);
    this.byCode.delete(code);
  }

  private clear(): void {
    this.generation++;
    this.byCode.clear();
    this.codeById.clear();
  }
}
