import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CrashFigures, runCrashCycles } from './run-cycles.js';
import { type CrashStore, postgresStore, sqliteStore } from './store.js';

/*
 * `npm run crash`: many kill -9 cycles on SQLite, and on PostgreSQL when SCANPIN_TEST_PG_URL is set
 * (a fresh database on that server per run). CRASH_CYCLES sets the cycles per store (default 50).
 * Prints the figures docs/security.md quotes; exits 1 if anything acknowledged was lost. To look into a
 * failure: CRASH_SERVER_LOG_LEVEL=info puts the server's last log lines into the problem report, and
 * CRASH_NODE_OPTIONS is passed to the server process as NODE_OPTIONS (e.g. a diagnostic --import).
 */

const cycles = Number(process.env.CRASH_CYCLES ?? 50);
const pgUrl = process.env.SCANPIN_TEST_PG_URL;

function print(f: CrashFigures): void {
  const rows: [string, string | number | boolean][] = [
    ['store', f.store],
    ['cycles (SIGKILL, restart)', f.cycles],
    ['acknowledged writes checked', f.acknowledgedWrites],
    ['  of which finishes with a proven player', f.provenFinishes],
    ['lost', f.lost],
    ['PINs (or counters) in an impossible state', f.impossible],
    ['requests unanswered at a kill', f.unansweredAtKill],
    ['  of which found committed', f.unansweredButCommitted],
    ['events expected', f.eventsExpected],
    ['events delivered after a restart', f.eventsDeliveredAfterRestart],
    ['events lost', f.eventsLost],
    ['events for changes not in the store', f.phantomEvents],
    ['redeliveries (deduped by webhook-id)', f.redeliveries],
    ['unexpected answers', f.unexpectedAnswers],
    ['5xx answers', f.serverErrors],
    ['clean exit on SIGTERM with requests in flight', f.cleanShutdown],
    ['duration (s)', Math.round(f.durationMs / 1000)],
  ];
  process.stdout.write(`\n${rows.map(([k, v]) => `${k.padEnd(48)} ${v}`).join('\n')}\n`);
  for (const p of f.problems) process.stdout.write(`  problem: ${p}\n`);
}

function failed(f: CrashFigures): boolean {
  return f.lost + f.impossible + f.eventsLost + f.phantomEvents + f.unexpectedAnswers > 0 || !f.cleanShutdown;
}

async function main(): Promise<void> {
  const results: CrashFigures[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-crash-sqlite-'));
  const stores: (() => Promise<CrashStore>)[] = [async () => sqliteStore(dir)];
  if (pgUrl) stores.push(() => postgresStore(pgUrl));
  else process.stdout.write('SCANPIN_TEST_PG_URL is not set: PostgreSQL is NOT exercised.\n');
  for (const open of stores) {
    const store = await open();
    try {
      const figures = await runCrashCycles({
        store,
        cycles,
        log: (line) => process.stdout.write(`${line}\n`),
      });
      print(figures);
      results.push(figures);
    } finally {
      await store.drop();
    }
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(results.some(failed) ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
