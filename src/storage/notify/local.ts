import { EventEmitter } from 'node:events';
import type { PinChanges } from '../../application/pins/pin-changes.js';

/** The event every change is also announced under; PIN ids are numbers, so it cannot clash with one. */
const ANY_PIN = 'any';

/** Followers in this process; the shared buses below feed it what other instances announce. */
export class LocalPinChanges implements PinChanges {
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

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
