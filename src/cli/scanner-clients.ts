import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { REGISTERED_KINDS } from '../domain/scanner-clients.js';
import { timestampOf } from '../domain/timestamp-input.js';
import { CliError, type Connection, call, resolveConnection } from './admin-client.js';
import type { CliIo } from './index.js';

interface ClientView {
  id: number;
  clientId: string;
  name: string;
  kind: string;
  version: string | null;
  platform: string | null;
  status: 'active' | 'expired' | 'revoked';
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

function clientRowId(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(
      'must be a scanner client id (a positive whole number; `list` shows them)',
    );
  return n;
}

/** `never` stays a word: commander turns an option value of null into ''. */
function whenOf(value: string): string {
  if (value === 'never') return value;
  if (value === 'now') return new Date().toISOString();
  try {
    return new Date(timestampOf(value)).toISOString();
  } catch {
    throw new InvalidArgumentError('must be an ISO 8601 time (2026-03-01T12:00:00Z), `now` or `never`');
  }
}

function days(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 365) throw new InvalidArgumentError('must be 0 to 365 days');
  return n;
}

/** One line per client, for a terminal; --json gives the API's own shape. Never a key. */
export function clientLine(c: ClientView): string {
  const version = [c.version, c.platform].filter(Boolean).join(' ');
  const until =
    c.status === 'revoked'
      ? `revoked ${c.revokedAt}`
      : c.expiresAt === null
        ? 'no expiry'
        : `${c.status === 'expired' ? 'expired' : 'expires'} ${c.expiresAt}`;
  const used = c.lastUsedAt === null ? 'never used' : `last used ${c.lastUsedAt}`;
  return `#${c.id}  ${c.clientId}  ${c.kind}  ${c.name}${version ? `  (${version})` : ''}  ${c.status}, ${until}, ${used}`;
}

/**
 * `scanpin scanner-clients …` (docs/cli.md, "Scanner clients"): the official builds and third-party
 * integrations whose signed calls the scanner API accepts, over /admin/v1/scanner-clients.
 */
export function scannerClientsCommand(io: CliIo): Command {
  const clients = new Command('scanner-clients')
    .description(
      'scanner builds and integrations allowed to sign scans (operator; over /admin/v1/scanner-clients)',
    )
    .option('--url <url>', 'server base URL (default $SCANPIN_URL or http://$HOST:$PORT)')
    .option('--token <token>', 'operator token (default $SCANPIN_ADMIN_TOKEN or ./data/admin-token)');
  const conn = (cmd: Command): Connection => resolveConnection(cmd.optsWithGlobals());
  const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));

  clients
    .command('list')
    .description('every registered client and whether it is accepted; never a key')
    .option('--json', 'print the API answer as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const answer = await call<{ data: ClientView[] }>(conn(cmd), 'GET', '/admin/v1/scanner-clients');
      if (opts.json) print(answer);
      else if (answer.data.length === 0) io.out('No scanner clients are registered.');
      else for (const c of answer.data) io.out(clientLine(c));
    });

  clients
    .command('register')
    .description('register a client; prints its id and key once (build the key into the client)')
    .requiredOption('--name <name>', 'what it is, e.g. "Acme bridge 2.1"')
    .addOption(
      new Option('--kind <kind>', 'official: a build of this scanner; third-party: an integration')
        .choices([...REGISTERED_KINDS])
        .default('third-party'),
    )
    .option('--version <version>', 'its version')
    .option('--platform <platform>', 'e.g. linux-x64 or win-x64')
    .option('--expires <time>', 'when its calls stop being accepted (ISO 8601)', whenOf)
    .option('--json', 'print the API answer as JSON')
    .action(async (opts: Record<string, string | boolean | null | undefined>, cmd: Command) => {
      const created = await call<ClientView & { key: string }>(
        conn(cmd),
        'POST',
        '/admin/v1/scanner-clients',
        {
          name: opts.name,
          kind: opts.kind,
          ...(opts.version === undefined ? {} : { version: opts.version }),
          ...(opts.platform === undefined ? {} : { platform: opts.platform }),
          ...(opts.expires === undefined || opts.expires === 'never' ? {} : { expiresAt: opts.expires }),
        },
      );
      if (opts.json) return print(created);
      io.out(clientLine(created));
      io.out(`Client id: ${created.clientId}`);
      io.out(`Key: ${created.key}`);
      io.out(
        'The key is shown this once: keep it secret, and sign every scanner call with it (docs/scanner.md, "Signed calls").',
      );
    });

  clients
    .command('expire <id>')
    .description('set when a client stops being accepted: a time, `now`, or `never` to clear it')
    .requiredOption('--at <time>', 'ISO 8601 time, `now` or `never`', whenOf)
    .action(async (id: string, opts: { at: string }, cmd: Command) => {
      const client = await call<ClientView>(
        conn(cmd),
        'POST',
        `/admin/v1/scanner-clients/${clientRowId(id)}/expire`,
        {
          expiresAt: opts.at === 'never' ? null : opts.at,
        },
      );
      io.out(clientLine(client));
    });

  clients
    .command('revoke <id>')
    .description('refuse a client at once, a scan under way included')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await call(conn(cmd), 'DELETE', `/admin/v1/scanner-clients/${clientRowId(id)}`);
      io.out(`Scanner client #${id} is revoked: its calls are refused from now on.`);
    });

  clients
    .command('retire-previous <client>')
    .description(
      'after a release: every official build registered before <client> (its id or spc_… id) expires after the grace period',
    )
    .requiredOption('--grace-days <days>', 'days the previous builds stay accepted (0 to 365)', days)
    .action(async (client: string, opts: { graceDays: number }, cmd: Command) => {
      const ref = /^spc_/.test(client) ? client : clientRowId(client);
      const answer = await call<{ expiresAt: string; retired: ClientView[] }>(
        conn(cmd),
        'POST',
        '/admin/v1/scanner-clients/retire-previous',
        { clientId: ref, graceDays: opts.graceDays },
      );
      if (answer.retired.length === 0) io.out('No earlier official build was still accepted past that time.');
      else
        io.out(
          `${answer.retired.length} earlier official builds stop being accepted at ${answer.expiresAt}:`,
        );
      for (const c of answer.retired) io.out(`  ${clientLine(c)}`);
    });

  clients
    .command('import-manifest <file>')
    .description(
      'register the builds of a scanner-clients.json that `npm run build:scanner` wrote (known ones are left as they are)',
    )
    .action(async (file: string, _opts: unknown, cmd: Command) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        throw new CliError(
          `Cannot read the manifest ${file}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}.`,
        );
      }
      let manifest: unknown;
      try {
        manifest = JSON.parse(text);
      } catch {
        // Not the parser's message: it quotes the text around the error, which holds keys.
        throw new CliError(`The manifest ${file} is not JSON.`);
      }
      const answer = await call<{ registered: number; known: number }>(
        conn(cmd),
        'POST',
        '/admin/v1/scanner-clients/import',
        manifest,
      );
      io.out(`${answer.registered} builds registered, ${answer.known} already known.`);
    });

  return clients;
}
