/*
 * `npm run bench` (docs/benchmarks.md): builds the server, then for each store seeds 1 000, 100 000
 * and 1 000 000 finished scans through the application layer and measures the server — its own
 * process, started as `npm start` starts it — from this process, against a bare Fastify baseline
 * measured in the same run. Prints the table, checks the targets, writes docs/benchmarks.md.
 * PostgreSQL is measured on a new database per size, before and after ANALYZE (bench/statistics.ts);
 * evidence is judged in this process first, then uploaded to each store's server (bench/evidence.ts).
 */
import { execFileSync } from 'node:child_process';
import { Api } from './api.js';
import { type EvidenceFigures, measureEvaluation, measureUploads, seedRules } from './evidence.js';
import { CONNECTIONS, type Figure, type Request, warmAndMeasure } from './load.js';
import { parseOptions } from './options.js';
import { type PlayerProofs, playerProofs } from './player-proofs.js';
import { Population } from './population.js';
import { cpuMsOf, type Running, startBaseline, startServer } from './processes.js';
import { printTables, writeReport } from './report.js';
import type { EndpointName, SizeResult, StoreResult } from './results.js';
import { type Fixture, seedTo, setUp } from './seed.js';
import {
  type CheckAlone,
  cpuRatio,
  measureCheckAlone,
  measureCheckOnStore,
  measureSignatureCost,
  perScan,
  serverUsPerSignedCall,
  sideBySideRatio,
  wallRatio,
} from './signature-cost.js';
import { measureAnalyzeEffect } from './statistics.js';
import { type BenchStore, holdAutovacuum, openBenchStore } from './stores.js';
import { measureStreams } from './streams.js';
import { checkTargets } from './targets.js';
import { measureWebhooks } from './webhooks.js';
import { measureWholeScans } from './whole-scans.js';

const CREATE_ACCOUNTS = 200;
const SCAN_WORKERS = CONNECTIONS;

function build(): void {
  const started = performance.now();
  // The server only: the dashboard's bundle is not on any measured path.
  try {
    // Incremental, with its own build info, so a rebuild after a small change takes seconds.
    execFileSync(
      'npx',
      [
        'tsc',
        '-p',
        'tsconfig.build.json',
        '--incremental',
        '--tsBuildInfoFile',
        'node_modules/.cache/bench.tsbuildinfo',
      ],
      { stdio: 'inherit' },
    );
  } catch {
    // tsc still emits; a type error elsewhere in a working tree being edited should not stop a measurement.
    console.warn(
      '\nWARNING: the build reported type errors (above); measuring the JavaScript it emitted anyway.\n',
    );
  }
  console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The measured player must really have history and related accounts, or the figures mean little. */
async function checkHotPlayer(api: Api, discordId: string): Promise<void> {
  const t0 = performance.now();
  const risk = await api.call<{ found: boolean; riskScore?: number }>(
    'GET',
    `/v1/users/${discordId}/risk-score`,
  );
  const t1 = performance.now();
  const lookup = await api.call<{ found: boolean; totalScans?: number; relatedAccounts: unknown[] }>(
    'GET',
    `/v1/scanned-users/lookup/${discordId}`,
  );
  const t2 = performance.now();
  if (!risk.found || !lookup.found || lookup.relatedAccounts.length < 2) {
    throw new Error(
      `the hot player ${discordId} was not seeded as expected: ${JSON.stringify({ risk, lookup })}`,
    );
  }
  console.log(
    `  hot player: risk score ${risk.riskScore}, ${lookup.totalScans} own scans, ${lookup.relatedAccounts.length} related accounts` +
      ` (one call, no load: risk score ${(t1 - t0).toFixed(0)} ms, lookup ${(t2 - t1).toFixed(0)} ms)`,
  );
}

async function measureSize(
  opts: ReturnType<typeof parseOptions>,
  store: BenchStore,
  server: Running,
  baseline: Running,
  fixture: Fixture,
  size: number,
  seedSeconds: number,
  evidenceUploads: number,
): Promise<SizeResult> {
  if (opts.wholeScansOnly) return wholeScansOnly(store, server, fixture, size, seedSeconds, opts.seconds);
  if (opts.signaturesOnly) {
    const signatureCost = await measureAndPrintSignatureCost(server, fixture, opts.seconds);
    const { rssMb, peakMb } = server.memory();
    const none = { rps: 0, p50: 0, p99: 0, failures: 0 };
    return { size, seedSeconds, baseline: none, endpoints: {}, signatureCost, rssMb, peakRssMb: peakMb };
  }
  const api = new Api(server.url, fixture.key);
  const auth = { 'x-api-key': fixture.key };
  const pending = await api.createPin();
  const scanning = await api.createPin();
  await api.startScan(scanning, `BENCH-SCANNING-${size}`);
  const { finishedPin, discordId } = fixture.hot;

  await checkHotPlayer(api, discordId);
  // Streams first, on the freshly started server: its memory is steady then, so the growth they cause
  // is not hidden by a garbage collection of what earlier load left behind.
  let streams: SizeResult['streams'];
  if (!opts.readsOnly) {
    const streamPins = await Promise.all(Array.from({ length: 20 }, () => api.createPin()));
    streams = await measureStreams(server, streamPins, fixture.streamKeys, opts.streams);
    console.log(
      `  event streams            ${String(streams.held).padStart(7)} held  ${streams.kbPerStream.toFixed(1)} KB each (RSS ${streams.rssBeforeMb.toFixed(0)} → ${streams.rssWithStreamsMb.toFixed(0)} MB)`,
    );
  }
  const seconds = opts.seconds;
  const result: SizeResult = {
    size,
    seedSeconds,
    baseline: await warmAndMeasure(baseline.url, { path: '/' }, seconds),
    endpoints: {},
    rssMb: 0,
    peakRssMb: 0,
    ...(streams === undefined ? {} : { streams }),
  };
  const run = async (name: EndpointName, request: Request): Promise<Figure> => {
    const figure: Figure = await warmAndMeasure(server.url, request, seconds);
    result.endpoints[name] = figure;
    console.log(
      `  ${name.padEnd(24)} ${figure.rps.toFixed(0).padStart(7)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms` +
        `  ×${(figure.rps / result.baseline.rps).toFixed(2)}${figure.failures ? `  (${figure.failures} failed!)` : ''}`,
    );
    return figure;
  };
  console.log(
    `  baseline                 ${result.baseline.rps.toFixed(0).padStart(7)} req/s  p50 ${result.baseline.p50} ms  p99 ${result.baseline.p99} ms`,
  );
  const reads: Array<[EndpointName, string]> = [
    ['status, pending PIN', `/v1/pins/${pending}/status`],
    ['status, scanning PIN', `/v1/pins/${scanning}/status`],
    ['status, finished PIN', `/v1/pins/${finishedPin}/status`],
    ['results, finished PIN', `/v1/pins/${finishedPin}/results`],
    ['risk score', `/v1/users/${discordId}/risk-score`],
    ['lookup', `/v1/scanned-users/lookup/${discordId}`],
  ];
  if (store.query !== undefined) {
    // PostgreSQL: first as a new installation sees its data, before any ANALYZE (bench/statistics.ts).
    console.log('  statistics never gathered since the data arrived:');
    const fresh: Partial<Record<EndpointName, Figure>> = {};
    for (const [name, path] of reads) {
      fresh[name] = await run(name, { path, headers: auth });
    }
    result.neverAnalysed = fresh;
    result.endpoints = {};
    const effect = await measureAnalyzeEffect(
      store,
      api,
      Object.fromEntries(reads.filter(([name]) => name !== 'status, pending PIN')),
    );
    result.analyzeEffect = effect;
    console.log(
      `  ANALYZE took ${effect.analyzeMs.toFixed(0)} ms; ${CONNECTIONS} requests at once, before → right after it:`,
    );
    for (const [name, b] of Object.entries(effect.bursts)) {
      console.log(
        `    ${name.padEnd(22)} slowest ${b.before.maxMs.toFixed(0)} → ${b.after.maxMs.toFixed(0)} ms, median ${b.before.p50Ms.toFixed(0)} → ${b.after.p50Ms.toFixed(0)} ms`,
      );
    }
    console.log('  after ANALYZE:');
  }
  for (const [name, path] of reads) await run(name, { path, headers: auth });
  if (evidenceUploads > 0) {
    const up = await measureUploads(server.url, fixture.key, evidenceUploads);
    result.evidenceUploads = up;
    console.log(
      `  evidence upload (${(up.bytes / 2 ** 20).toFixed(1)} MiB, 5,000 rules)  first ${up.firstMs.toFixed(0)} ms, then p50 ${up.p50.toFixed(0)} ms  p99 ${up.p99.toFixed(0)} ms over ${up.uploads - 1}`,
    );
  }
  result.rssMb = server.memory().rssMb;
  if (opts.readsOnly) {
    result.peakRssMb = server.memory().peakMb;
    return result;
  }

  const creators = fixture.creatorKeys.slice(0, CREATE_ACCOUNTS);
  await run('create PIN', {
    path: '/v1/pins/create',
    method: 'POST',
    body: { type: 'FiveM' },
    keys: creators,
  });

  result.wholeScans = await measureAndPrintWholeScans(server, fixture, seconds);
  result.signatureCost = await measureAndPrintSignatureCost(server, fixture, seconds);
  result.webhooks = await measureWebhooks(server.url, fixture.key, opts.webhookEvents);
  console.log(
    `  webhook deliveries       ${result.webhooks.perSecond.toFixed(0).padStart(7)} /s     ${result.webhooks.received}/${result.webhooks.count} received, lag p50 ${result.webhooks.p50.toFixed(0)} ms`,
  );
  result.peakRssMb = server.memory().peakMb;
  console.log(
    `  server RSS ${result.rssMb.toFixed(0)} MB after the reads, peak ${result.peakRssMb.toFixed(0)} MB`,
  );
  return result;
}

async function measureAndPrintWholeScans(server: Running, fixture: Fixture, seconds: number) {
  const keys = fixture.creatorKeys.slice(CREATE_ACCOUNTS);
  // A second first, not counted, as autocannon warms up before each endpoint: the first scans of 50
  // workers at once (the proof pages, Discord's stand-in, new connections) are not the steady state.
  await measureWholeScans(server.url, keys, 1, await proofs());
  const figure = await measureWholeScans(server.url, keys, seconds, await proofs());
  console.log(
    `  whole scans              ${figure.scansPerSecond.toFixed(0).padStart(7)} /s     p50 ${figure.p50.toFixed(0)} ms  p99 ${figure.p99.toFixed(0)} ms` +
      `${figure.failures ? `  (${figure.failures} failed!)` : ''}`,
  );
  return figure;
}

async function measureAndPrintSignatureCost(server: Running, fixture: Fixture, seconds: number) {
  const cost = await measureSignatureCost(
    server,
    fixture.creatorKeys.slice(CREATE_ACCOUNTS),
    seconds,
    await proofs(),
  );
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
  for (const mode of ['unsigned', 'signed'] as const) {
    const m = cost[mode];
    console.log(
      `  whole scans, ${mode.padEnd(8)}   ${perScan.scansPerSecond(m).toFixed(0).padStart(7)} /s     ${perScan.wallMs(m).toFixed(2)} ms/scan, server CPU ${perScan.serverCpuMs(m).toFixed(2)} ms/scan` +
        `${m.failures ? `  (${m.failures} failed!)` : ''}`,
    );
  }
  console.log(
    `  signature check          ${pct(sideBySideRatio(cost))} time per scan side by side (${pct(wallRatio(cost))} in alternating rounds: ${cost.roundRatios.map(pct).join(', ')}), ${pct(cpuRatio(cost))} server CPU per scan (${serverUsPerSignedCall(cost).toFixed(0)} µs per signed call)`,
  );
  return cost;
}

/** `--only whole-scans`: the write path alone, for A/B runs (no baseline: its figure is left at zero). */
async function wholeScansOnly(
  store: BenchStore,
  server: Running,
  fixture: Fixture,
  size: number,
  seedSeconds: number,
  seconds: number,
): Promise<SizeResult> {
  const statementsBefore = await server.statements();
  const backendsBefore = await postgresBackendsCpuMs(store);
  const cpuBefore = server.cpuMs();
  const wholeScans = await measureAndPrintWholeScans(server, fixture, seconds);
  // Less sensitive than the rate to other work on the machine: the server's own CPU per whole scan.
  const perScan = (n: number) => (n / wholeScans.scans).toFixed(1);
  console.log(`  server CPU per whole scan ${perScan(server.cpuMs() - cpuBefore)} ms`);
  const backendsAfter = await postgresBackendsCpuMs(store);
  if (backendsBefore !== null && backendsAfter !== null) {
    let spent = 0;
    for (const [pid, ms] of backendsAfter) spent += ms - (backendsBefore.get(pid) ?? 0);
    console.log(
      `  PostgreSQL backends' CPU per whole scan ${perScan(spent)} ms (${backendsAfter.size} backends)`,
    );
  }
  const statementsAfter = await server.statements();
  if (statementsBefore !== null && statementsAfter !== null) {
    const words = Object.keys(statementsAfter).sort();
    const sent = words.map((w) => [w, (statementsAfter[w] ?? 0) - (statementsBefore[w] ?? 0)] as const);
    const total = sent.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `  statements per whole scan ${perScan(total)}: ${sent
        .filter(([, n]) => n > 0)
        .map(([w, n]) => `${w} ${perScan(n)}`)
        .join(', ')}`,
    );
  }
  const { rssMb, peakMb } = server.memory();
  const none = { rps: 0, p50: 0, p99: 0, failures: 0 };
  return { size, seedSeconds, baseline: none, endpoints: {}, wholeScans, rssMb, peakRssMb: peakMb };
}

/**
 * PostgreSQL: CPU time so far of each backend serving the bench database (the server's pooled
 * connections), by process id, read from /proc; null for SQLite or when /proc cannot be read.
 */
async function postgresBackendsCpuMs(store: BenchStore): Promise<Map<number, number> | null> {
  if (store.query === undefined) return null;
  const { rows } = await store.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  try {
    for (const { pid } of rows as Array<{ pid: number }>) cpu.set(pid, cpuMsOf(pid));
  } catch {
    return null;
  }
  return cpu;
}

/** One Discord stand-in for the run: whole scans prove their player, as tied scans do. */
let standIn: Promise<PlayerProofs> | undefined;
const proofs = () => {
  standIn ??= playerProofs();
  return standIn;
};

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  if (opts.build) build();
  // Before any server runs: the evaluation alone, on this process's one core.
  const evidence: EvidenceFigures | null =
    opts.wholeScansOnly || opts.signaturesOnly ? null : measureEvaluation(opts.quick ? 50 : 200);
  const checkAlone: CheckAlone | null = opts.wholeScansOnly ? null : measureCheckAlone();
  if (checkAlone !== null)
    console.log(
      `signature check alone: ${checkAlone.usPerCall.toFixed(1)} µs CPU per signed call (${checkAlone.calls.toLocaleString('en')} calls, in-process)`,
    );
  if (evidence !== null)
    console.log(
      `\nevidence: ${evidence.rules.toLocaleString('en')} rules compiled in ${evidence.compileMs.toFixed(1)} ms; ` +
        `${evidence.strings.toLocaleString('en')} strings evaluated in p50 ${evidence.p50.toFixed(1)} ms, p99 ${evidence.p99.toFixed(1)} ms (${evidence.runs} runs, ${evidence.findings} findings)`,
    );
  const baseline = await startBaseline();
  const results: StoreResult[] = [];
  try {
    for (const storeName of opts.stores) {
      let entry: StoreResult | undefined;
      // PostgreSQL: a new database for every size, each seeded from nothing and never analysed since
      // its data arrived, so every size is measured as a new installation sees it, then analysed.
      // SQLite: one store, grown from one size to the next.
      const rounds = storeName === 'postgres' ? opts.sizes.map((size) => [size]) : [opts.sizes];
      for (const [round, sizes] of rounds.entries()) {
        const store = await openBenchStore(storeName);
        // Interrupted (Ctrl-C): the PostgreSQL database and the temporary files go all the same.
        const onInterrupt = () => {
          void store.dispose().finally(() => process.exit(130));
        };
        process.once('SIGINT', onInterrupt);
        if (entry === undefined) {
          entry = { store: storeName, label: store.label, sizes: [] };
          results.push(entry);
        }
        try {
          const now = Date.now();
          const fixture = await setUp(
            store.env,
            {
              streamKeys:
                opts.readsOnly || opts.wholeScansOnly || opts.signaturesOnly
                  ? 0
                  : Math.ceil(opts.streams / 20),
              creators: opts.readsOnly ? 0 : CREATE_ACCOUNTS + SCAN_WORKERS,
            },
            now,
          );
          await holdAutovacuum(store);
          if (round === 0 && !opts.wholeScansOnly && !opts.signaturesOnly) await seedRules(store.env);
          const population = new Population(now);
          for (const size of sizes) {
            console.log(`\n${store.label}: seeding to ${size.toLocaleString('en')} finished scans…`);
            const seedSeconds = await seedTo(
              store.env,
              population,
              fixture,
              size,
              (n) => console.log(`  … ${n.toLocaleString('en')}`),
              store.query === undefined,
            );
            console.log(
              `  seeded in ${seedSeconds.toFixed(1)} s; measuring (${opts.seconds} s each, ${CONNECTIONS} connections)`,
            );
            // Before the server opens the store: the check alone, against it (one writer at a time).
            const checkOnStore = opts.wholeScansOnly ? undefined : await measureCheckOnStore(store.env);
            if (checkOnStore !== undefined)
              console.log(
                `  signature check alone on the store: ${checkOnStore.cpuUsPerCall.toFixed(0)} µs CPU, ${checkOnStore.wallUsPerCall.toFixed(0)} µs wall per signed call (${checkOnStore.calls.toLocaleString('en')}, 50 at a time, in-process)`,
              );
            const server = await startServer({ ...store.env, ...(await proofs()).env });
            (await proofs()).serve(server.url);
            try {
              // The evidence upload once per store, at its first size (it does not depend on the scans stored).
              const uploads =
                round === 0 && size === sizes[0] && !opts.signaturesOnly ? (opts.quick ? 5 : 20) : 0;
              const measured = await measureSize(
                opts,
                store,
                server,
                baseline,
                fixture,
                size,
                seedSeconds,
                uploads,
              );
              entry.sizes.push(checkOnStore === undefined ? measured : { ...measured, checkOnStore });
            } finally {
              await server.stop();
            }
          }
        } finally {
          process.removeListener('SIGINT', onInterrupt);
          await store.dispose();
        }
      }
    }
  } finally {
    await baseline.stop();
    if (standIn !== undefined) await (await standIn).close();
  }
  if (evidence === null || checkAlone === null) return;
  const targets = checkTargets(results, evidence, checkAlone, opts);
  printTables(results, evidence, checkAlone, targets);
  if (opts.write) writeReport(results, evidence, checkAlone, targets, opts, startedAt);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
