import { EventEmitter } from 'node:events';
import type { AccessChanges } from '../../application/access/key-principals.js';
import type { PinChanges } from '../../application/pins/pin-changes.js';

/** The event every change is also announced under; PIN ids are numbers, so it cannot clash with one. */
const ANY_PIN = 'any';
/** Keys or accounts changed (application/access/key-principals.ts); not a number, so never a PIN id. */
const ACCESS = 'access';
/** The bus between instances lost or regained its connection. */
const GAP = 'gap';
/** The same notice on the buses between instances. */
export const ACCESS_MESSAGE = ACCESS;

/**
 * A PIN notice as it travels between instances: the PIN id and the instance that sent it, so an
 * instance skips its own echo (it told its followers already, and each echo made every follower and
 * the PIN record cache read the PIN once more). A bare id, as older instances send, counts as another's.
 */
export function pinMessage(pinId: number, origin: string): string {
  return `${pinId}:${origin}`;
}

/** The PIN id of a notice from another instance, or null for this one's echo or anything else. */
export function foreignPinId(message: string, origin: string): number | null {
  const [id, from] = message.split(':');
  if (from === origin) return null;
  const pinId = Number(id);
  return id !== '' && Number.isInteger(pinId) ? pinId : null;
}

/** Followers in this process; the shared buses below feed it what other instances announce. */
export class LocalPinChanges implements PinChanges, AccessChanges {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; thousands are expected.
    this.emitter.setMaxListeners(0);
  }

  publish(pinId: number): void {
    this.emitter.emit(String(pinId));
    this.emitter.emit(ANY_PIN, pinId);
  }

  follow(pinId: number, listener: () => void): () => void {
    const name = String(pinId);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  followAll(listener: (pinId: number) => void): () => void {
    this.emitter.on(ANY_PIN, listener);
    return () => this.emitter.off(ANY_PIN, listener);
  }

  /** One process hears every notice it makes; the shared buses answer for themselves. */
  listening(): boolean {
    return true;
  }

  followGaps(listener: () => void): () => void {
    this.emitter.on(GAP, listener);
    return () => this.emitter.off(GAP, listener);
  }

  /** For the shared buses: notices may have been missed. */
  announceGap(): void {
    this.emitter.emit(GAP);
  }

  announceAccessChange(): void {
    this.emitter.emit(ACCESS);
  }

  followAccessChanges(listener: () => void): () => void {
    this.emitter.on(ACCESS, listener);
    return () => this.emitter.off(ACCESS, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
