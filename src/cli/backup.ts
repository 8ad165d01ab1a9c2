import { Command } from 'commander';
import { backupStore } from '../application/operations/backup-store.js';
import { loadConfig } from '../config.js';
import type { Output } from './admin.js';

/**
 * `npx scanpin backup FILE`: an online copy of the SQLite database named by DATABASE_URL, taken
 * while the server runs (docs/deployment.md, "Backups"). Reads the same environment as the server.
 */
export function backupCommand(io: Output, env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('backup')
    .description('copy the SQLite database (DATABASE_URL) to FILE while the server runs')
    .argument('<file>', 'where to write the copy')
    .option('--force', 'replace FILE if it exists')
    .action(async (file: string, opts: { force?: boolean }) => {
      const config = loadConfig(env);
      const done = await backupStore(config, file, { overwrite: opts.force === true });
      io.out(`Backed up ${done.pages} pages (${done.bytes} bytes) to ${done.path}; integrity check ok.`);
      io.out(
        `Keep it with the hashing secret (${done.hashSecretFrom}): without it, restored hardware IDs no longer link.`,
      );
    });
}
