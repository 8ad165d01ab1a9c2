/*
 * Benchmarks, reported as ratios against a baseline measured in the same run (the machine is shared
 * and noisy, so absolute numbers mean little). Usage: npm run bench [-- --seconds 3]
 *
 * 1. Polling: GET status of a pending and of a finished PIN, and results of a finished PIN, against
 *    GET /healthz (no auth, no store) as the baseline.
 * 2. Growth: risk score and lookup of a player with 1 scan against a player with 400 scans on the same
 *    hardware; the ratio shows whether reads stay flat as history grows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { wire } from '../src/wiring.js';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 3;
const HISTORY = 400;

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, mean: result.latency.mean };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${dir}/bench.db`,
    SCANPIN_DATA_DIR: dir,
    SCANPIN_ADMIN_TOKEN: 'bench-admin-token-0123456789',
    RATE_LIMIT_PER_HOUR: '100000000',
    MAX_ACTIVE_PINS: '1000000',
    UNAUTHENTICATED_PER_MINUTE: '100000000',
    SCANNER_START_PER_MINUTE: '100000000',
    LOG_LEVEL: 'silent',
  });
  const services = await wire(config);
  const app = await buildApp(services.context, { probes: services.probes });
  app.addHook('onClose', async () => services.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call = async <T = Record<string, string>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const admin = { 'x-admin-token': 'bench-admin-token-0123456789' };
  const account = await call<{ id: number }>('POST', '/admin/v1/accounts', { name: 'Bench' }, admin);
  await call('POST', '/admin/v1/enterprises', { name: 'Bench Co', ownerAccountId: account.id }, admin);
  const { key } = await call<{ key: string }>(
    'POST',
    `/admin/v1/accounts/${account.id}/keys`,
    {
      permissions: ['pins:create', 'pins:status', 'pins:results', 'user:risk-score', 'scanned-users:lookup'],
    },
    admin,
  );
  const auth = { 'x-api-key': key };
  const emptyReport = {
    detections: [],
    suspicious: [],
    warnings: ['w'],
    untrusted: [],
    integrity: [],
    artifacts: ['a.log'],
    vpn: null,
    country: 'DE',
    logon: null,
    scantime: '40 seconds',
    windows: 'Windows 11',
    discord: [] as unknown[],
  };
  const scan = async (discordId: string, hwid: string, detections: string[] = []) => {
    const { pin } = await call('POST', '/v1/pins/create', { type: 'FiveM' }, auth);
    const { sessionToken } = await call('POST', '/v1/scanner/start', { pin, hwids: [hwid] });
    const bearer = { authorization: `Bearer ${sessionToken}` };
    await call('POST', '/v1/scanner/progress', { progress: 50, statusMessage: 'Scanning' }, bearer);
    await call(
      'POST',
      '/v1/scanner/finish',
      { ...emptyReport, detections, discord: [{ id: discordId, username: 'P' }] },
      bearer,
    );
    return pin as string;
  };

  const { pin: pendingPin } = await call('POST', '/v1/pins/create', { type: 'Rust' }, auth);
  const finishedPin = await scan('200000000000000001', 'HW-SMALL', ['Eulen']);
  for (let i = 0; i < HISTORY; i++)
    await scan('200000000000000002', 'HW-BIG', i % 10 === 0 ? [`Cheat ${i}`] : []);

  const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  const run = async (name: string, path: string, headers: Record<string, string> = auth) => {
    rows.push([name, await measure(base + path, headers)]);
  };
  await run('GET /healthz (baseline)', '/healthz', {});
  await run('status, pending PIN', `/v1/pins/${pendingPin}/status`);
  await run('status, finished PIN', `/v1/pins/${finishedPin}/status`);
  await run('results, finished PIN', `/v1/pins/${finishedPin}/results`);
  await run('risk score, 1 scan', '/v1/users/200000000000000001/risk-score');
  await run(`risk score, ${HISTORY} scans`, '/v1/users/200000000000000002/risk-score');
  await run('lookup, 1 scan', '/v1/scanned-users/lookup/200000000000000001');
  await run(`lookup, ${HISTORY} scans`, '/v1/scanned-users/lookup/200000000000000002');

  const baseline = rows[0]?.[1].rps ?? 1;
  const byName = new Map(rows);
  console.log(`\nscanpin benchmarks: ${seconds}s each, 10 connections, SQLite, Node ${process.version}\n`);
  console.log('| endpoint | req/s | × baseline | p99 ms |');
  console.log('|---|---|---|---|');
  for (const [name, r] of rows) {
    console.log(`| ${name} | ${r.rps.toFixed(0)} | ${(r.rps / baseline).toFixed(2)} | ${r.p99} |`);
  }
  const ratio = (a: string, b: string) => {
    const x = byName.get(a)?.mean ?? Number.NaN;
    const y = byName.get(b)?.mean ?? Number.NaN;
    return (y / x).toFixed(2);
  };
  console.log(
    `\nmean latency, ${HISTORY} scans ÷ 1 scan: risk score ${ratio('risk score, 1 scan', `risk score, ${HISTORY} scans`)}, lookup ${ratio('lookup, 1 scan', `lookup, ${HISTORY} scans`)} (1.00 = flat)`,
  );
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
