import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AccessChanges } from '../../application/access/key-principals.js';
import type { SessionEnds } from '../../application/access/session-ends.js';
import type { PinChanges } from '../../application/pins/pin-changes.js';
import type { PlayerChanges } from '../../application/players/player-facts-cache.js';
import {
  ACCESS_MESSAGE,
  foreignPinId,
  LocalPinChanges,
  pinMessage,
  playersMessage,
  playersOf,
  sessionsMessage,
  sessionsOf,
} from './local.js';

const RECONNECT_MS = 1_000;

/** Pin changes shared through PostgreSQL LISTEN/NOTIFY, for instances on one database without Redis. */
export class PostgresPinChanges implements PinChanges, AccessChanges, PlayerChanges, SessionEnds {
  private readonly local = new LocalPinChanges();
  private listener: pg.Client | null = null;
  private closed = false;
  private readonly origin = randomUUID();

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly notifier: (channel: string, payload: string) => Promise<void>,
  ) {
    void this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (msg.payload === ACCESS_MESSAGE) return this.local.announceAccessChange();
      const players = playersOf(msg.payload ?? '');
      if (players !== null) return this.local.announcePlayerChanges(players);
      const sessions = sessionsOf(msg.payload ?? '');
      if (sessions !== null) return this.local.announceSessionsEnded(sessions);
      const pinId = foreignPinId(msg.payload ?? '', this.origin);
      if (pinId !== null) this.local.publish(pinId);
    });
    // A dropped connection is re-opened; meanwhile streams still see changes made here.
    client.on('error', () => {
      client.end().catch(() => {});
      if (this.listener === client) {
        this.listener = null;
        this.local.announceGap();
      }
      if (!this.closed) setTimeout(() => void this.listen(), RECONNECT_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
      this.local.announceGap();
    } catch {
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.listen(), RECONNECT_MS).unref();
    }
  }

  listening(): boolean {
    return this.listener !== null;
  }

  followGaps(listener: () => void): () => void {
    return this.local.followGaps(listener);
  }

  publish(pinId: number): void {
    this.local.publish(pinId);
    this.notifier(this.channel, pinMessage(pinId, this.origin)).catch(() => {});
  }

  announceAccessChange(): void {
    this.local.announceAccessChange();
    this.notifier(this.channel, ACCESS_MESSAGE).catch(() => {});
  }

  followAccessChanges(listener: () => void): () => void {
    return this.local.followAccessChanges(listener);
  }

  announcePlayerChanges(userIds: readonly number[] | 'all'): void {
    // Heard here at once; the echo from the bus only forgets the same players again.
    this.local.announcePlayerChanges(userIds);
    this.notifier(this.channel, playersMessage(userIds)).catch(() => {});
  }

  followPlayerChanges(listener: (userIds: readonly number[] | 'all') => void): () => void {
    return this.local.followPlayerChanges(listener);
  }

  announceSessionsEnded(accountIds: readonly number[]): void {
    // Heard here at once; the echo from the bus only wakes the same streams to ask again.
    this.local.announceSessionsEnded(accountIds);
    this.notifier(this.channel, sessionsMessage(accountIds)).catch(() => {});
  }

  followSessionEnds(listener: (accountIds: readonly number[]) => void): () => void {
    return this.local.followSessionEnds(listener);
  }

  follow(pinId: number, listener: () => void): () => void {
    return this.local.follow(pinId, listener);
  }

  followAll(listener: (pinId: number) => void): () => void {
    return this.local.followAll(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
    await this.listener?.end().catch(() => {});
  }
}
