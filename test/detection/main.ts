/*
 * `npm run coverage:detection [-- options]` (docs/detection.md, "Coverage"): plants every client and
 * legitimate project of the coverage list on machines of their own (a jar in `mods`, the jar renamed,
 * the classes only in a running JVM's memory), scans each with the scanner's own command against a
 * real server started here (`npm start`'s, on a fresh SQLite store, holding only the project's
 * built-in rules), prints the table, writes it into docs/detection.md and exits 1 when a goal is missed.
 *
 *   --data FILE    the coverage list (default detection/minecraft/clients.json)
 *   --only NAMES   only these entries (comma-separated names)
 *   --routes LIST  jar,renamed,memory (default all three)
 *   --parallel N   machines planted and scanned at once (default 2; each memory machine runs a JVM)
 *   --no-docs      print only; leave docs/detection.md as it is
 *   --json FILE    also write the whole outcome as JSON
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PERMISSIONS } from '../../src/domain/permissions.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';
import { DEFAULT_DATA_FILE, readCoverageData } from './coverage-data.js';
import { type CoverageServer, runCoverage } from './harness.js';
import { ROUTES, type Route } from './planted.js';
import { goalsOf, renderTable, writeIntoDocs } from './table.js';

const DOCS_PAGE = 'docs/detection.md';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_DATA_FILE },
    only: { type: 'string' },
    routes: { type: 'string', default: ROUTES.join(',') },
    parallel: { type: 'string', default: '2' },
    'no-docs': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const routes = (args.routes ?? '').split(',').filter(Boolean) as Route[];
for (const r of routes)
  if (!ROUTES.includes(r)) throw new Error(`--routes: ${r} is not one of ${ROUTES.join(', ')}`);
const parallel = Number(args.parallel);
if (!Number.isInteger(parallel) || parallel < 1 || parallel > 16) throw new Error('--parallel: 1 to 16');

const data = readCoverageData(args.data ?? DEFAULT_DATA_FILE);
const only = args.only?.split(',').map((n) => n.trim().toLowerCase());
const pick = <T extends { name: string }>(list: T[]) =>
  only === undefined ? list : list.filter((e) => only.includes(e.name.toLowerCase()));

/** The server as `npm start` runs it; scans at this pace are not what its rate limits are for. */
async function startServer(dir: string) {
  const token = randomBytes(24).toString('hex');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startServerProcess(dir, {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'scanpin.db')}`,
    SCANPIN_DATA_DIR: dir,
    SCANPIN_ADMIN_TOKEN: token,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_HOUR: '1000000',
    SCANNER_START_PER_MINUTE: '100000',
    EVIDENCE_UPLOADS_PER_MINUTE: '100000',
    UNAUTHENTICATED_PER_MINUTE: '100000',
    MAX_ACTIVE_PINS: '10000',
  });
  await waitForReady(url, child, 600);
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'x-admin-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} -> ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const account = (await admin('/admin/v1/accounts', { name: 'Coverage' })).id as number;
  await admin('/admin/v1/enterprises', { name: 'Coverage', ownerAccountId: account });
  const key = (await admin(`/admin/v1/accounts/${account}/keys`, { permissions: [...PERMISSIONS] }))
    .key as string;
  const server: CoverageServer = {
    url,
    async createPin() {
      const res = await fetch(`${url}/v1/pins/create`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'Java' }),
      });
      if (res.status !== 201) throw new Error(`create pin -> ${res.status} ${await res.text()}`);
      return ((await res.json()) as { pin: string }).pin;
    },
    async results(pin) {
      const res = await fetch(`${url}/v1/pins/${pin}/results`, { headers: { 'x-api-key': key } });
      if (!res.ok) throw new Error(`results -> ${res.status} ${await res.text()}`);
      return (await res.json()) as { result: string | null; data: Record<string, unknown> };
    },
  };
  return { server, stop: () => child.kill('SIGTERM') };
}

/** The JVM the memory route ran, as `java -version` names it (on stderr). */
function javaVersion(): string {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return run.error ? 'none (no JDK)' : (run.stderr.split('\n')[0]?.trim() ?? 'unknown');
}

const dir = mkdtempSync(join(tmpdir(), 'scanpin-coverage-server-'));
const { server, stop } = await startServer(dir);
let exit = 1;
try {
  const clients = pick(data.clients);
  const legitimate = pick(data.legitimate);
  console.log(
    `Planting ${clients.length} clients and ${legitimate.length} legitimate projects of ${args.data}, routes ${routes.join(', ')}, ${parallel} at once`,
  );
  const report = await runCoverage({
    clients,
    legitimate,
    server,
    routes,
    parallel,
    log: (line) => console.log(`  ${line}`),
  });
  const context =
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run coverage:detection\` on \`${args.data}\` ` +
    `(${clients.length} clients, ${legitimate.length} legitimate projects${only ? ', a selection' : ''}): the scanner's own ` +
    `command on Linux against a server holding only the project's built-in rules; the game's JVM: ${javaVersion()}.`;
  const table = renderTable(report, context);
  console.log(`\n${table}\n`);
  if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
  const missed = goalsOf(report).filter((g) => !g.met);
  if (!args['no-docs'] && only === undefined) {
    writeIntoDocs(DOCS_PAGE, table);
    console.log(`Written into ${DOCS_PAGE}, section "Coverage".`);
  }
  for (const g of missed) console.error(`GOAL MISSED: ${g.what}: ${g.result}`);
  exit = missed.length === 0 ? 0 : 1;
} finally {
  stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exit);
