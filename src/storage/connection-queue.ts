/**
 * Turns on one connection, first come first served: one holder at a time, and each release hands the
 * connection straight to the longest waiter (Kysely's own SQLite mutex wakes every waiter to race).
 */
export class ConnectionQueue {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.held = false;
    else next();
  }
}
