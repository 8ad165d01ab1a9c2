import { EventEmitter } from 'node:events';
import type { AccessChanges } from '../../application/access/key-principals.js';
import type { PinChanges } from '../../application/pins/pin-changes.js';

/** The event every change is also announced under; PIN ids are numbers, so it cannot clash with one. */
const ANY_PIN = 'any';
/** Keys or accounts changed (application/access/key-principals.ts); not a number, so never a PIN id. */
const ACCESS = 'access';
/** The same notice on the buses between instances. */
export const ACCESS_MESSAGE = ACCESS;

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
