/*
 * `npm run bench:hubs` (docs/benchmarks.md, "Hubs"): the link graphs that made finishes and lookups
 * grow without bound before hubs existed, built through the scanner API of a server in its own
 * process, as real scans build them:
 * - hub: N accounts, each scanned on its own machine that also reports one junk serial;
 * - chain: N accounts, account i's machine sharing one hardware ID with account i + 1's.
 * While building, the finish rate is taken per tenth, so a cost that grows with the accounts behind
 * an ID shows as a falling rate. Then the lookup and risk score of an account in the middle of each
 * graph are loaded with 50 connections from this process, and their body sizes noted.
 *
 *   npm run bench:hubs -- [--accounts 10000] [--seconds 10] [--store sqlite|postgres]
 */
import { execFileSync } from 'node:child_process';
import { Api, CLEAN_REPORT } from './api.js';
import { type Figure, warmAndMeasure } from './load.js';
import { type PlayerProofs, playerProofs } from './player-proofs.js';
import { type Running, startServer } from './processes.js';
import { openBenchStore } from './stores.js';

interface Options {
  accounts: number;
  seconds: number;
  stores: Array<'sqlite' | 'postgres'>;
}

function options(argv: readonly string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const store = value('--store');
  const stores: Options['stores'] =
    store === 'sqlite' || store === 'postgres'
      ? [store]
      : process.env.SCANPIN_TEST_PG_URL
        ? ['sqlite', 'postgres']
        : ['sqlite'];
  return {
    accounts: Number(value('--accounts') ?? 10_000),
    seconds: Number(value('--seconds') ?? 10),
    stores,
  };
}

const WORKERS = 8;
const discordId = (graph: number, i: number) => `9${graph}${String(i).padStart(16, '0')}`;

/** Scans account `i` of a graph with `hwids`, proven by its player; throws on any refusal. */
async function scan(api: Api, proofs: PlayerProofs, id: string, hwids: string[]): Promise<void> {
  const pin = await api.createPin();
  const { sessionToken, proof } = await api.call<{ sessionToken: string; proof: { url: string } | null }>(
    'POST',
    '/v1/scanner/start',
    { pin, hwids },
  );
  if (proof === null) throw new Error('the start answered no proof link: is Discord configured?');
  await proofs.prove(proof.url, { id, username: `p${id}` });
  await api.call(
    'POST',
    '/v1/scanner/finish',
    { ...CLEAN_REPORT, discord: [{ id, username: `p${id}` }] },
    {
      authorization: `Bearer ${sessionToken}`,
    },
  );
}

/** Builds a graph with WORKERS scans at a time; returns the finish rate of each tenth, in scans/s. */
async function build(
  api: Api,
  proofs: PlayerProofs,
  n: number,
  hwidsOf: (i: number) => string[],
  graph: number,
): Promise<number[]> {
  const rates: number[] = [];
  const tenth = Math.max(1, Math.floor(n / 10));
  for (let from = 0; from < n; from += tenth) {
    const to = Math.min(n, from + tenth);
    const started = performance.now();
    let next = from;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (next < to) {
          const i = next++;
          await scan(api, proofs, discordId(graph, i), hwidsOf(i));
        }
      }),
    );
    rates.push(((to - from) * 1000) / (performance.now() - started));
  }
  return rates;
}

async function measured(server: Running, key: string, path: string, seconds: number) {
  const body = await new Api(server.url, key).call<unknown>('GET', path);
  const figure: Figure = await warmAndMeasure(server.url, { path, headers: { 'x-api-key': key } }, seconds);
  return { ...figure, bytes: Buffer.byteLength(JSON.stringify(body)) };
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  for (const name of opts.stores) {
    const store = await openBenchStore(name);
    const proofs = await playerProofs();
    const server = await startServer({ ...store.env, ...proofs.env });
    proofs.serve(server.url);
    try {
      const boot = await fetch(`${server.url}/admin/v1/bootstrap`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-admin-token': store.env.SCANPIN_ADMIN_TOKEN as string,
        },
        body: JSON.stringify({ enterprise: 'Hub bench' }),
      });
      const { key } = (await boot.json()) as { key: string };
      const api = new Api(server.url, key);
      const n = opts.accounts;
      console.log(`\n${store.label}: ${n} accounts behind one junk serial, then a chain of ${n}`);
      const hubRates = await build(api, proofs, n, (i) => ['JUNK-BOARD-SERIAL', `HUB-OWN-${i}`], 1);
      const chainRates = await build(api, proofs, n, (i) => [`CHAIN-${i}`, `CHAIN-${i + 1}`], 2);
      const round = (xs: number[]) => xs.map((x) => Math.round(x)).join(' ');
      console.log(`finishes/s per tenth, hub:   ${round(hubRates)}`);
      console.log(`finishes/s per tenth, chain: ${round(chainRates)}`);
      const middle = Math.floor(n / 2);
      for (const [graph, label] of [
        [1, 'hub'],
        [2, 'chain'],
      ] as const) {
        for (const [what, path] of [
          ['lookup', `/v1/scanned-users/lookup/${discordId(graph, middle)}`],
          ['risk score', `/v1/users/${discordId(graph, middle)}/risk-score`],
        ] as const) {
          const f = await measured(server, key, path, opts.seconds);
          console.log(
            `${label.padEnd(5)} ${what.padEnd(10)} ${Math.round(f.rps)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  body ${f.bytes} B${f.failures ? `  FAILURES ${f.failures}` : ''}`,
          );
        }
      }
      const hubs = (await (
        await fetch(`${server.url}/admin/v1/hwid-hubs`, {
          headers: { 'x-admin-token': store.env.SCANPIN_ADMIN_TOKEN as string },
        })
      ).json()) as { data: Array<{ accounts: number }> };
      console.log(`hubs: ${JSON.stringify(hubs.data.map((h) => h.accounts))}`);
      // Without a hub the graph above was never linked: nothing here measured what it says.
      if (hubs.data.length === 0) throw new Error('no hub formed: the scans linked nobody');
    } finally {
      await server.stop();
      await store.dispose();
      await proofs.close();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
