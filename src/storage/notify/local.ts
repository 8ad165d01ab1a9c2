import { EventEmitter } from 'node:events';
import type { PinChanges } from '../../application/pins/pin-changes.js';

/** Followers in this process; the shared buses below feed it what other instances announce. */
export class LocalPinChanges implements PinChanges {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; thousands are expected.
    this.emitter.setMaxListeners(0);
  }

  publish(pinId: number): void {
    this.emitter.emit(String(pinId));
  }

  follow(pinId: number, listener: () => void): () => void {
    const name = String(pinId);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
