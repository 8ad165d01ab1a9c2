import { type Command, InvalidArgumentError, Option } from 'commander';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_PAGE_MAX, AUDIT_RESOURCE_TYPES } from '../domain/audit.js';
import type { Output } from './admin.js';
import { type Connection, call } from './admin-client.js';

interface Entry {
  id: number;
  at: string;
  actor: {
    kind: string;
    accountId: number | null;
    keyId: number | null;
    sessionId: number | null;
    discordUserId: string | null;
  };
  action: string;
  resource: { type: string; id: number | null };
  enterpriseId: number | null;
  outcome: string;
  code: string | null;
  detail: Record<string, unknown>;
}
interface Page {
  data: Entry[];
  nextBefore: number | null;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number');
  return n;
}

function instant(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('must be a date or ISO 8601 instant, e.g. 2026-09-01');
  return new Date(ms).toISOString();
}

function actorText(actor: Entry['actor']): string {
  if (actor.kind === 'key') return `account ${actor.accountId} via key ${actor.keyId}`;
  if (actor.kind === 'session') return `account ${actor.accountId} via session ${actor.sessionId}`;
  if (actor.kind === 'sign_in') return `account ${actor.accountId} signing in`;
  if (actor.kind === 'discord') return `Discord user ${actor.discordUserId} (account ${actor.accountId})`;
  return 'operator';
}

/** One line per entry, for reading in a terminal; --json gives the API's own shape. */
export function auditLine(e: Entry): string {
  const resource = `${e.resource.type}${e.resource.id === null ? '' : ` ${e.resource.id}`}`;
  const where = e.enterpriseId === null ? '' : `  enterprise ${e.enterpriseId}`;
  const outcome = e.outcome === 'refused' ? `refused (${e.code})` : e.outcome;
  return `${e.at}  #${e.id}  ${actorText(e.actor)}  ${e.action}  ${resource}${where}  ${outcome}`;
}

/** `scanpin admin audit` (docs/cli.md, "Audit trail"): GET /admin/v1/audit from the command line. */
export function addAuditCommand(admin: Command, conn: (cmd: Command) => Connection, io: Output): void {
  admin
    .command('audit')
    .description(
      'read the audit trail, newest first (who did what, on which resource, when, and the outcome)',
    )
    .addOption(new Option('--actor <kind>', 'who acted').choices([...AUDIT_ACTOR_KINDS]))
    .option('--account <id>', 'only actions of this account (through a key or a session)', positive)
    .addOption(new Option('--action <action>', 'only this action').choices([...AUDIT_ACTIONS]))
    .addOption(new Option('--resource-type <type>').choices([...AUDIT_RESOURCE_TYPES]))
    .option('--resource-id <id>', 'only this resource (with --resource-type)', positive)
    .option('--enterprise <id>', "only this Enterprise's entries", positive)
    .addOption(new Option('--outcome <outcome>').choices(['succeeded', 'refused']))
    .option('--since <instant>', 'at or after this date or instant', instant)
    .option('--until <instant>', 'before this date or instant', instant)
    .option('--limit <n>', `entries per page (1-${AUDIT_PAGE_MAX}, default 50)`, positive)
    .option('--before <id>', 'start below this entry id (the nextBefore a previous page printed)', positive)
    .option('--all', 'follow every page to the oldest entry')
    .option('--json', 'print the API answer as JSON')
    .action(async (opts: Record<string, string | number | boolean | undefined>, cmd: Command) => {
      const params = new URLSearchParams();
      const put = (name: string, value: string | number | boolean | undefined) => {
        if (value !== undefined && typeof value !== 'boolean') params.set(name, String(value));
      };
      put('actorKind', opts.actor);
      put('actorAccountId', opts.account);
      put('action', opts.action);
      put('resourceType', opts.resourceType);
      put('resourceId', opts.resourceId);
      put('enterpriseId', opts.enterprise);
      put('outcome', opts.outcome);
      put('since', opts.since);
      put('until', opts.until);
      put('limit', opts.limit);
      let before = opts.before as number | undefined;
      const entries: Entry[] = [];
      let next: number | null;
      do {
        if (before !== undefined) params.set('before', String(before));
        const page = await call<Page>(conn(cmd), 'GET', `/admin/v1/audit?${params}`);
        entries.push(...page.data);
        next = page.nextBefore;
        before = next ?? undefined;
      } while (opts.all === true && next !== null);

      if (opts.json === true) {
        io.out(JSON.stringify({ data: entries, nextBefore: next }, null, 2));
        return;
      }
      if (entries.length === 0) io.out('No entries match.');
      for (const e of entries) io.out(auditLine(e));
      if (next !== null) io.out(`More: repeat with --before ${next}, or use --all.`);
    });
}
