import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Output } from './admin.js';
import { CliError, type Connection, call } from './admin-client.js';

/**
 * `scanpin admin export` and `scanpin admin erase` (docs/cli.md, "Privacy"): a scanned person's data
 * subject requests, over the operator API. Erasure cannot be undone, so it asks for --yes.
 */
export function addPrivacyCommands(admin: Command, conn: (cmd: Command) => Connection, io: Output): void {
  admin
    .command('export <discordId>')
    .description('everything stored about a scanned player, as JSON (hardware by numeric id only, no IPs)')
    .option('--out <file>', 'write the JSON to this file (mode 0600) instead of standard output')
    .action(async (discordId: string, opts: { out?: string }, cmd: Command) => {
      const data = await call(
        conn(cmd),
        'GET',
        `/admin/v1/scanned-users/${encodeURIComponent(discordId)}/export`,
      );
      const text = JSON.stringify(data, null, 2);
      if (opts.out === undefined) {
        io.out(text);
        return;
      }
      // Personal data: readable by the operator only.
      writeFileSync(opts.out, `${text}\n`, { mode: 0o600 });
      io.out(`Export written to ${opts.out}.`);
    });

  admin
    .command('erase <discordId>')
    .description(
      'erase a scanned player: profile, hardware links, bans and reasons; reports keep the scan with the account shown as erased. Cannot be undone',
    )
    .option('--yes', 'confirm the erasure')
    .action(async (discordId: string, opts: { yes?: boolean }, cmd: Command) => {
      if (opts.yes !== true) {
        throw new CliError(
          `Erasure cannot be undone. Run \`scanpin admin export ${discordId}\` first if you need a copy, then repeat with --yes.`,
        );
      }
      const result = await call(
        conn(cmd),
        'POST',
        `/admin/v1/scanned-users/${encodeURIComponent(discordId)}/erase`,
      );
      io.out(JSON.stringify(result, null, 2));
    });
}
