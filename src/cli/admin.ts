import { Command, InvalidArgumentError, Option } from 'commander';
import { PERMISSIONS } from '../domain/permissions.js';
import { type Connection, call, resolveConnection } from './admin-client.js';
import { addAuditCommand } from './audit.js';
import { addHubsCommand } from './hubs.js';
import { addPrivacyCommands } from './privacy.js';

export interface Output {
  out(text: string): void;
}

function intArg(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number');
  return n;
}

function jsonArg(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new InvalidArgumentError('must be JSON, e.g. \'{"ticket":1234}\'');
  }
}

function permissionList(value: string): string[] {
  const list = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of list) {
    if (!(PERMISSIONS as readonly string[]).includes(p)) {
      throw new InvalidArgumentError(`unknown permission ${p}; choose from ${PERMISSIONS.join(', ')}`);
    }
  }
  return list;
}

/** `scanpin admin …`: the operator API (docs/operations.md, "Operator API") from the command line. */
export function adminCommand(io: Output): Command {
  const admin = new Command('admin')
    .description('operator commands, over the /admin/v1 API')
    .option('--url <url>', 'server base URL (default $SCANPIN_URL or http://$HOST:$PORT)')
    .option('--token <token>', 'operator token (default $SCANPIN_ADMIN_TOKEN or ./data/admin-token)');

  const conn = (cmd: Command): Connection => resolveConnection(cmd.optsWithGlobals());
  const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));

  admin
    .command('bootstrap')
    .description(
      'create an owner account, its Enterprise and a key with every permission; prints the key and a dashboard sign-in link',
    )
    .requiredOption('--enterprise <name>', 'Enterprise name')
    .option('--owner <name>', 'owner account name (default: "<enterprise> owner")')
    .option('--discord-id <id>', "owner's Discord user ID")
    .action(async (opts: { enterprise: string; owner?: string; discordId?: string }, cmd: Command) => {
      // One call, one transaction on the server: a failure leaves no half-made account behind.
      const made = await call<{
        accountId: number;
        enterpriseId: number;
        keyId: number;
        key: string;
        signIn: { url: string; expiresAt: string };
      }>(conn(cmd), 'POST', '/admin/v1/bootstrap', {
        enterprise: opts.enterprise,
        ...(opts.owner ? { owner: opts.owner } : {}),
        ...(opts.discordId ? { discordId: opts.discordId } : {}),
      });
      print(made);
      io.out('Store the key now: it is shown only once.');
      io.out(`Open this link to sign in to the dashboard (one-time, valid 15 minutes): ${made.signIn.url}`);
    });

  const account = admin.command('account').description('accounts');
  account
    .command('create')
    .requiredOption('--name <name>')
    .option('--discord-id <id>')
    .option('--licence-expires-at <iso>', 'licence expiry, ISO 8601')
    .action(async (opts: { name: string; discordId?: string; licenceExpiresAt?: string }, cmd: Command) => {
      print(
        await call(conn(cmd), 'POST', '/admin/v1/accounts', {
          name: opts.name,
          ...(opts.discordId ? { discordId: opts.discordId } : {}),
          ...(opts.licenceExpiresAt ? { licenceExpiresAt: opts.licenceExpiresAt } : {}),
        }),
      );
    });
  account.command('show <id>').action(async (id: string, _opts: unknown, cmd: Command) => {
    print(await call(conn(cmd), 'GET', `/admin/v1/accounts/${intArg(id)}`));
  });
  account
    .command('update <id>')
    .option('--name <name>')
    .addOption(new Option('--ban', 'ban the account').conflicts('unban'))
    .addOption(new Option('--unban', 'lift the account ban').conflicts('ban'))
    .option('--licence-expires-at <iso>', 'licence expiry, ISO 8601')
    .option('--no-licence', 'remove the licence')
    .action(
      async (
        id: string,
        opts: { name?: string; ban?: boolean; unban?: boolean; licenceExpiresAt?: string; licence: boolean },
        cmd: Command,
      ) => {
        const body: Record<string, unknown> = {};
        if (opts.name) body.name = opts.name;
        if (opts.ban) body.banned = true;
        if (opts.unban) body.banned = false;
        if (opts.licenceExpiresAt) body.licenceExpiresAt = opts.licenceExpiresAt;
        if (opts.licence === false) body.licenceExpiresAt = null;
        print(await call(conn(cmd), 'PATCH', `/admin/v1/accounts/${intArg(id)}`, body));
      },
    );
  account.command('delete <id>').action(async (id: string, _opts: unknown, cmd: Command) => {
    await call(conn(cmd), 'DELETE', `/admin/v1/accounts/${intArg(id)}`);
    io.out(`Account ${id} deleted.`);
  });
  account
    .command('sign-in-link <id>')
    .description('print a one-time dashboard sign-in link for the account (valid 15 minutes)')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const link = await call<{ url: string; expiresAt: string }>(
        conn(cmd),
        'POST',
        `/admin/v1/accounts/${intArg(id)}/sign-in-links`,
      );
      print(link);
      io.out('Open it once, in the browser that should stay signed in; it cannot be used twice.');
    });

  const enterprise = admin.command('enterprise').description('Enterprises and their members');
  enterprise
    .command('create')
    .requiredOption('--name <name>')
    .requiredOption('--owner <accountId>', 'owner account id', intArg)
    .action(async (opts: { name: string; owner: number }, cmd: Command) => {
      print(
        await call(conn(cmd), 'POST', '/admin/v1/enterprises', {
          name: opts.name,
          ownerAccountId: opts.owner,
        }),
      );
    });
  enterprise
    .command('update <id>')
    .option('--name <name>')
    .option('--activate')
    .option('--deactivate')
    .option('--keep-reports-inside', 'from now on, its scans count only inside it (docs/risk-score.md)')
    .option('--share-reports', 'from now on, its proven scans count for every community again')
    .action(
      async (
        id: string,
        opts: {
          name?: string;
          activate?: boolean;
          deactivate?: boolean;
          keepReportsInside?: boolean;
          shareReports?: boolean;
        },
        cmd: Command,
      ) => {
        const body: Record<string, unknown> = {};
        if (opts.name) body.name = opts.name;
        if (opts.activate) body.active = true;
        if (opts.deactivate) body.active = false;
        if (opts.keepReportsInside) body.reportsShared = false;
        if (opts.shareReports) body.reportsShared = true;
        print(await call(conn(cmd), 'PATCH', `/admin/v1/enterprises/${intArg(id)}`, body));
      },
    );
  enterprise
    .command('add-member <enterpriseId> <accountId>')
    .action(async (enterpriseId: string, accountId: string, _opts: unknown, cmd: Command) => {
      print(
        await call(conn(cmd), 'POST', `/admin/v1/enterprises/${intArg(enterpriseId)}/members`, {
          accountId: intArg(accountId),
        }),
      );
    });
  enterprise
    .command('remove-member <enterpriseId> <accountId>')
    .action(async (enterpriseId: string, accountId: string, _opts: unknown, cmd: Command) => {
      await call(
        conn(cmd),
        'DELETE',
        `/admin/v1/enterprises/${intArg(enterpriseId)}/members/${intArg(accountId)}`,
      );
      io.out(`Account ${accountId} removed from Enterprise ${enterpriseId}.`);
    });

  const key = admin.command('key').description('API keys');
  key
    .command('create <accountId>')
    .requiredOption('--permissions <list>', `comma-separated: ${PERMISSIONS.join(',')}`, permissionList)
    .option('--name <name>')
    .option('--rate-limit <perHour>', 'requests per hour for this key', intArg)
    .action(
      async (
        accountId: string,
        opts: { permissions: string[]; name?: string; rateLimit?: number },
        cmd: Command,
      ) => {
        print(
          await call(conn(cmd), 'POST', `/admin/v1/accounts/${intArg(accountId)}/keys`, {
            permissions: opts.permissions,
            ...(opts.name ? { name: opts.name } : {}),
            ...(opts.rateLimit ? { rateLimitPerHour: opts.rateLimit } : {}),
          }),
        );
        io.out('Store the key now: it is shown only once.');
      },
    );
  key.command('list <accountId>').action(async (accountId: string, _opts: unknown, cmd: Command) => {
    print(await call(conn(cmd), 'GET', `/admin/v1/accounts/${intArg(accountId)}/keys`));
  });
  key.command('revoke <keyId>').action(async (keyId: string, _opts: unknown, cmd: Command) => {
    await call(conn(cmd), 'DELETE', `/admin/v1/keys/${intArg(keyId)}`);
    io.out(`Key ${keyId} revoked.`);
  });

  admin
    .command('keywords <accountId> [keywords...]')
    .description("replace the account's custom suspicious keywords (none given: clear them)")
    .action(async (accountId: string, keywords: string[], _opts: unknown, cmd: Command) => {
      print(
        await call(conn(cmd), 'PUT', `/admin/v1/accounts/${intArg(accountId)}/custom-keywords`, { keywords }),
      );
    });

  const player = admin.command('player').description('scanned players: bans, warnings and staff notes');
  player
    .command('ban <discordId>')
    .description('ban (or with --warn, warn) every hardware ID linked to the player now')
    .requiredOption('--reason <text>')
    .option('--warn', 'a warning instead of a ban')
    .option('--expires-at <iso>', 'when it lapses, ISO 8601 (default: never)')
    .action(
      async (
        discordId: string,
        opts: { reason: string; warn?: boolean; expiresAt?: string },
        cmd: Command,
      ) => {
        print(
          await call(conn(cmd), 'POST', `/admin/v1/scanned-users/${encodeURIComponent(discordId)}/bans`, {
            status: opts.warn ? 'warned' : 'banned',
            reason: opts.reason,
            ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}),
          }),
        );
      },
    );
  player
    .command('lift <banId>')
    .description('lift a ban or warning (it then shows as expired)')
    .action(async (banId: string, _opts: unknown, cmd: Command) => {
      await call(conn(cmd), 'DELETE', `/admin/v1/bans/${intArg(banId)}`);
      io.out(`Ban ${banId} lifted.`);
    });
  player
    .command('note <discordId>')
    .description("add a staff note to the player's record")
    .requiredOption('--reason <text>')
    .requiredOption('--category <name>', 'e.g. staff_note, appeal, evidence')
    .option('--evidence <json>', 'any JSON, shown as is in lookups', jsonArg)
    .action(
      async (
        discordId: string,
        opts: { reason: string; category: string; evidence?: unknown },
        cmd: Command,
      ) => {
        print(
          await call(conn(cmd), 'POST', `/admin/v1/scanned-users/${encodeURIComponent(discordId)}/reasons`, {
            reason: opts.reason,
            category: opts.category,
            ...(opts.evidence === undefined ? {} : { evidence: opts.evidence }),
          }),
        );
      },
    );

  addPrivacyCommands(admin, conn, io);
  addAuditCommand(admin, conn, io);
  addHubsCommand(admin, conn, io);

  return admin;
}
