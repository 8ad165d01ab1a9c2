import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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

/** Pin changes shared through Redis pub/sub, on a channel named by the installation. */
export class RedisPinChanges implements PinChanges, AccessChanges, PlayerChanges, SessionEnds {
  private readonly local = new LocalPinChanges();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly origin = randomUUID();

  constructor(
    url: string,
    private readonly channel: string,
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    // Outages show in /readyz and the rate-limit warning; streams fall back to their own timers.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, message: string) => {
      if (message === ACCESS_MESSAGE) return this.local.announceAccessChange();
      const players = playersOf(message);
      if (players !== null) return this.local.announcePlayerChanges(players);
      const sessions = sessionsOf(message);
      if (sessions !== null) return this.local.announceSessionsEnded(sessions);
      const pinId = foreignPinId(message, this.origin);
      if (pinId !== null) this.local.publish(pinId);
    });
    // Notices sent while the subscriber was away are lost: whoever keeps what notices keep true
    // drops it when the connection goes, and again when it is back (ioredis resubscribes itself).
    this.subscriber.on('close', () => this.local.announceGap());
    this.subscriber.on('ready', () => this.local.announceGap());
    this.subscriber.subscribe(this.channel).catch(() => {});
  }

  listening(): boolean {
    return this.subscriber.status === 'ready';
  }

  followGaps(listener: () => void): () => void {
    return this.local.followGaps(listener);
  }

  publish(pinId: number): void {
    // Followers here hear it at once; others through Redis.
    this.local.publish(pinId);
    this.publisher.publish(this.channel, pinMessage(pinId, this.origin)).catch(() => {});
  }

  announceAccessChange(): void {
    this.local.announceAccessChange();
    this.publisher.publish(this.channel, ACCESS_MESSAGE).catch(() => {});
  }

  followAccessChanges(listener: () => void): () => void {
    return this.local.followAccessChanges(listener);
  }

  announcePlayerChanges(userIds: readonly number[] | 'all'): void {
    // Heard here at once; the echo from the bus only forgets the same players again.
    this.local.announcePlayerChanges(userIds);
    this.publisher.publish(this.channel, playersMessage(userIds)).catch(() => {});
  }

  followPlayerChanges(listener: (userIds: readonly number[] | 'all') => void): () => void {
    return this.local.followPlayerChanges(listener);
  }

  announceSessionsEnded(accountIds: readonly number[]): void {
    // Heard here at once; the echo from the bus only wakes the same streams to ask again.
    this.local.announceSessionsEnded(accountIds);
    this.publisher.publish(this.channel, sessionsMessage(accountIds)).catch(() => {});
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
    await this.local.close();
    await Promise.all([end(this.subscriber), end(this.publisher)]);
  }
}

/** QUIT waits for a connection that may never come; a client that is not connected is just dropped. */
async function end(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
