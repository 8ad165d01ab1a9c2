import { type Command, InvalidArgumentError } from 'commander';
import { plural } from '../domain/plural.js';
import type { Output } from './admin.js';
import { type Connection, call } from './admin-client.js';

interface Hub {
  id: number;
  accounts: number;
  scans: number;
  firstSeenAt: string;
  hubSince: string;
}

function limit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new InvalidArgumentError('must be a whole number from 1 to 1000');
  return n;
}

/**
 * `scanpin admin hubs` (docs/cli.md, "Hardware hubs"): the hardware IDs shared by many machines, by
 * count only, from GET /admin/v1/hwid-hubs.
 */
export function addHubsCommand(admin: Command, conn: (cmd: Command) => Connection, io: Output): void {
  admin
    .command('hubs')
    .description(
      'hardware IDs seen with more accounts than HWID_HUB_THRESHOLD, which link nobody (counts only)',
    )
    .option('--limit <n>', 'at most this many, the most accounts first (1 to 1000)', limit, 100)
    .option('--json', "print the API's answer")
    .action(async (opts: { limit: number; json?: boolean }, cmd: Command) => {
      const page = (await call(conn(cmd), 'GET', `/admin/v1/hwid-hubs?limit=${opts.limit}`)) as {
        data: Hub[];
        total: number;
      };
      if (opts.json) {
        io.out(JSON.stringify(page, null, 2));
        return;
      }
      if (page.total === 0) {
        io.out('No hardware ID is shared by more accounts than the threshold.');
        return;
      }
      for (const h of page.data) {
        io.out(
          `profile ${h.id}  ${plural(h.accounts, 'account')}  ${plural(h.scans, 'scan')}  first seen ${h.firstSeenAt}  hub since ${h.hubSince}`,
        );
      }
      if (page.total > page.data.length) io.out(`… and ${page.total - page.data.length} more (--limit).`);
    });
}
