import { EventEmitter } from 'node:events';
import type { AccessChanges } from '../../application/access/key-principals.js';
import type { SessionEnds } from '../../application/access/session-ends.js';
import type { PinChanges } from '../../application/pins/pin-changes.js';
import type { PlayerChanges } from '../../application/players/player-facts-cache.js';

/** The event every change is also announced under; PIN ids are numbers, so it cannot clash with one. */
const ANY_PIN = 'any';
/** Keys or accounts changed (application/access/key-principals.ts); not a number, so never a PIN id. */
const ACCESS = 'access';
/** The bus between instances lost or regained its connection. */
const GAP = 'gap';
/** The same notice on the buses between instances. */
export const ACCESS_MESSAGE = ACCESS;
/** Players' facts changed; never a number either. */
const PLAYERS = 'players';
/** More players than this in one notice are sent as "all" (a PostgreSQL NOTIFY holds 8 000 bytes). */
const MAX_PLAYERS_PER_NOTICE = 500;
/** Sessions of some accounts ended (application/access/session-ends.ts); not a number either. */
const SESSIONS = 'sessions';

/** A players notice as it travels between instances: `players:1,2,3`, or `players:*` for all. */
export function playersMessage(userIds: readonly number[] | 'all'): string {
  return userIds === 'all' || userIds.length > MAX_PLAYERS_PER_NOTICE
    ? `${PLAYERS}:*`
    : `${PLAYERS}:${userIds.join(',')}`;
}

/** The players a notice names, 'all', or null when it is not a players notice. */
export function playersOf(message: string): number[] | 'all' | null {
  if (!message.startsWith(`${PLAYERS}:`)) return null;
  const list = message.slice(PLAYERS.length + 1);
  if (list === '*') return 'all';
  const ids = list.split(',').map(Number);
  // A notice we cannot read is treated as naming everyone: forgetting too much is only slower.
  return ids.every((id) => Number.isInteger(id)) ? ids : 'all';
}

/** A sessions notice as it travels between instances: `sessions:1,2`, the accounts whose sessions ended. */
export function sessionsMessage(accountIds: readonly number[]): string {
  return `${SESSIONS}:${accountIds.join(',')}`;
}

/** The accounts a sessions notice names, or null when it is not one (or cannot be read). */
export function sessionsOf(message: string): number[] | null {
  if (!message.startsWith(`${SESSIONS}:`)) return null;
  const ids = message
    .slice(SESSIONS.length + 1)
    .split(',')
    .map(Number);
  return ids.every((id) => Number.isInteger(id)) ? ids : null;
}

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
export class LocalPinChanges implements PinChanges, AccessChanges, PlayerChanges, SessionEnds {
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

  announcePlayerChanges(userIds: readonly number[] | 'all'): void {
    this.emitter.emit(PLAYERS, userIds);
  }

  followPlayerChanges(listener: (userIds: readonly number[] | 'all') => void): () => void {
    this.emitter.on(PLAYERS, listener);
    return () => this.emitter.off(PLAYERS, listener);
  }

  announceSessionsEnded(accountIds: readonly number[]): void {
    this.emitter.emit(SESSIONS, accountIds);
  }

  followSessionEnds(listener: (accountIds: readonly number[]) => void): () => void {
    this.emitter.on(SESSIONS, listener);
    return () => this.emitter.off(SESSIONS, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
