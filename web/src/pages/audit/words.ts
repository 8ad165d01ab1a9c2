import type { AuditEntry } from './api';

/** Each recorded action in words for a person (src/domain/audit.ts lists them). */
export const ACTION_WORDS: Record<string, string> = {
  'account.create': 'Account created',
  'account.update': 'Account changed',
  'account.delete': 'Account deleted',
  'enterprise.create': 'Enterprise created',
  'enterprise.update': 'Enterprise changed',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'ban.create': 'Player banned or warned',
  'ban.lift': 'Ban lifted',
  'reason.create': 'Note added to a player',
  'member.add': 'Member added',
  'member.remove': 'Member removed',
  'invite.create': 'Invite created',
  'invite.accept': 'Invite accepted',
  'invite.revoke': 'Invite revoked',
  'webhook.create': 'Webhook created',
  'webhook.update': 'Webhook changed',
  'webhook.delete': 'Webhook deleted',
  'webhook.rotate_secret': 'Webhook secret rotated',
  'pin.create': 'PIN created',
  'scanned_user.export': 'Player data exported',
  'scanned_user.erase': 'Player data erased',
  'rule.create': 'Detection rule added',
  'rule.update': 'Detection rule changed',
};

export function actionWords(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

/** Who acted; `names` maps account ids the page knows (the owner, members) to names. */
export function actorWords(actor: AuditEntry['actor'], names: ReadonlyMap<number, string>): string {
  if (actor.kind === 'operator') return 'The operator';
  const who =
    actor.accountId === null ? 'An account' : (names.get(actor.accountId) ?? `Account ${actor.accountId}`);
  if (actor.kind === 'key') return `${who}, with API key #${actor.keyId}`;
  if (actor.kind === 'session') return `${who}, in the dashboard`;
  return `${who}, signing in`;
}

/** The resource, and the account it concerns when there is one (a member added, a key's holder). */
export function resourceWords(entry: AuditEntry, names: ReadonlyMap<number, string>): string {
  const { resource } = entry;
  const type = resource.type.replace('_', ' ');
  const what = resource.id === null ? type : `${type} #${resource.id}`;
  const account = entry.detail.accountId;
  if (typeof account !== 'number') return what;
  return `${what} (${names.get(account) ?? `account ${account}`})`;
}
