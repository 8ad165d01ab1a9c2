import type { AuditEntry } from './api';

/**
 * Each recorded action in words for a person, every one src/domain/audit.ts lists, in its order (the
 * Audit page's browser test fails when one has none). Also the page's Action filter.
 */
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
  'ban.share': 'Ban shared with every community',
  'reason.create': 'Note added to a player',
  'member.add': 'Member added',
  'member.remove': 'Member removed',
  'member.role': 'Member’s role changed',
  'invite.create': 'Invite created',
  'invite.accept': 'Invite accepted',
  'invite.revoke': 'Invite revoked',
  'passkey.register': 'Passkey added',
  'passkey.remove': 'Passkey removed',
  'passkey.sign_in': 'Signed in with a passkey',
  'webhook.create': 'Webhook created',
  'webhook.update': 'Webhook changed',
  'webhook.delete': 'Webhook deleted',
  'webhook.rotate_secret': 'Webhook secret rotated',
  'pin.create': 'PIN created',
  'pin.cancel': 'PIN cancelled',
  'scanned_user.export': 'Player data exported',
  'scanned_user.erase': 'Player data erased',
  'rule.create': 'Detection rule added',
  'rule.update': 'Detection rule changed',
  'discord_guild.connect': 'Discord server connected',
  'discord_guild.update': 'Discord staff roles changed',
  'discord_guild.disconnect': 'Discord server disconnected',
  'discord_connect_code.create': 'Discord connect code created',
  'scanned_user.lookup': 'Player looked up in Discord',
  'scanned_user.risk_score': 'Player’s risk score read in Discord',
  'share_link.create': 'Share link created',
  'scanner_client.register': 'Scanner build registered',
  'scanner_client.expire': 'Scanner build expiry set',
  'scanner_client.revoke': 'Scanner build revoked',
  'rule_publisher.trust': 'Rule publisher trusted',
  'rule_publisher.distrust': 'Rule publisher no longer trusted',
  'rule_pack.import': 'Rule pack imported',
  'rule_pack_source.subscribe': 'Rule pack URL subscribed',
  'rule_pack_source.unsubscribe': 'Rule pack URL unsubscribed',
  'rule_pack_source.import': 'Rule pack imported from its URL',
  'finding.mark_false_positive': 'Finding marked as a false positive',
  'finding.unmark_false_positive': 'False-positive mark taken back',
};

export function actionWords(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

/** Each resource type src/domain/audit.ts lists, as the "On" column names it. */
const RESOURCE_WORDS: Record<string, string> = {
  account: 'account',
  api_key: 'API key',
  ban: 'ban',
  reason: 'note',
  // A ban, warning or note of the Enterprise's staff, numbered as its Moderation panel numbers them.
  moderation_entry: 'moderation entry',
  enterprise: 'Enterprise',
  invite: 'invite',
  webhook: 'webhook',
  pin: 'PIN',
  scanned_user: 'player',
  rule: 'detection rule',
  scanner_client: 'scanner build',
  rule_publisher: 'rule publisher',
  rule_pack: 'rule pack',
  rule_pack_source: 'rule pack URL',
  passkey: 'passkey',
};

/**
 * Who acted; `names` maps account ids the page knows (the owner, members) to names. A ban shared at
 * a player's proof is recorded as the operator's (docs/audit.md), but no one did it by hand: the
 * server did, as the operator's trust in the Enterprise says.
 */
export function actorWords(
  entry: Pick<AuditEntry, 'actor' | 'action'>,
  names: ReadonlyMap<number, string>,
): string {
  const { actor } = entry;
  if (entry.action === 'ban.share') return 'scanpin, when the player proved their account';
  if (actor.kind === 'operator') return 'The operator';
  const who =
    actor.accountId === null ? 'An account' : (names.get(actor.accountId) ?? `Account ${actor.accountId}`);
  if (actor.kind === 'key') return `${who}, with API key #${actor.keyId}`;
  if (actor.kind === 'session') return `${who}, in the dashboard`;
  // The staff member is named by their Discord user ID; the account is the Enterprise's owner.
  if (actor.kind === 'discord')
    return actor.discordUserId === null
      ? 'A staff member, in the Discord app'
      : `Discord user ${actor.discordUserId}, in the Discord app`;
  return `${who}, signing in`;
}

/** The resource, and the account it concerns when there is one (a member added, a key's holder). */
export function resourceWords(entry: AuditEntry, names: ReadonlyMap<number, string>): string {
  const { resource } = entry;
  const type = RESOURCE_WORDS[resource.type] ?? resource.type.replaceAll('_', ' ');
  const what = resource.id === null ? type : `${type} #${resource.id}`;
  const account = entry.detail.accountId;
  if (typeof account !== 'number') return what;
  return `${what} (${names.get(account) ?? `account ${account}`})`;
}
