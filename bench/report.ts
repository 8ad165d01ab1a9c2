/*
 * The table on the terminal and docs/benchmarks.md: method, machine, date, every figure, the targets,
 * and bench/notes.md (the hand-written profile findings) inserted as it is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import type { EvidenceFigures } from './evidence.js';
import { CONNECTIONS, type Figure } from './load.js';
import type { Options } from './options.js';
import { ENDPOINTS, type SizeResult, type StoreResult } from './results.js';
import {
  type CheckAlone,
  cpuRatio,
  type ModeFigures,
  perScan,
  SIGNED_CALLS_PER_SCAN,
  serverUsPerSignedCall,
  sideBySideRatio,
  wallRatio,
} from './signature-cost.js';
import { ratio, type TargetCheck } from './targets.js';

const NOTES = 'bench/notes.md';
const OUT = 'docs/benchmarks.md';

const n0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : 'n/a');
const n2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n * 10) / 10) : 'n/a');

function figureRow(name: string, f: Figure, x: number): string {
  return `| ${name} | ${n0(f.rps)} | ${ms(f.p50)} | ${ms(f.p99)} | ${n2(x)}${f.failures ? ` (${f.failures} failed)` : ''} |`;
}

/** PostgreSQL: the reads before any ANALYZE since the data arrived, and the first answers after one. */
function statisticsLines(s: SizeResult): string[] {
  const fresh = s.neverAnalysed;
  if (fresh === undefined) return [];
  const lines = [
    `| ${n0(s.size)} scans, never analysed | req/s | p50 ms | p99 ms | × baseline |`,
    '|---|---:|---:|---:|---:|',
    figureRow('baseline (bare Fastify)', s.baseline, 1),
  ];
  for (const name of ENDPOINTS) {
    const f = fresh[name];
    if (f !== undefined) lines.push(figureRow(name, f, f.rps / s.baseline.rps));
  }
  lines.push('');
  const effect = s.analyzeEffect;
  if (effect !== undefined) {
    const bursts = Object.entries(effect.bursts).map(
      ([name, b]) =>
        `${name} ${ms(b.before.maxMs)} → ${ms(b.after.maxMs)} ms (median ${ms(b.before.p50Ms)} → ${ms(b.after.p50Ms)})`,
    );
    lines.push(
      `Then \`ANALYZE\` (${ms(effect.analyzeMs)} ms) with the server running; the slowest of ${CONNECTIONS} requests sent at once, just before it → just after it: ${bursts.join('; ')}. After it:`,
      '',
    );
  }
  return lines;
}

function sizeTable(s: SizeResult): string[] {
  const lines = [
    ...statisticsLines(s),
    `| ${n0(s.size)} scans${s.neverAnalysed === undefined ? '' : ', analysed'} | req/s | p50 ms | p99 ms | × baseline |`,
    '|---|---:|---:|---:|---:|',
    figureRow('baseline (bare Fastify)', s.baseline, 1),
  ];
  for (const name of ENDPOINTS) {
    const f = s.endpoints[name];
    if (f !== undefined) lines.push(figureRow(name, f, ratio(s, name)));
  }
  if (s.wholeScans) {
    const w = s.wholeScans;
    // A whole scan is 8 requests; its ratio compares those requests with the baseline's.
    lines.push(
      `| whole scans (8 requests each) | ${n0(w.scansPerSecond)} scans/s | ${ms(w.p50)} | ${ms(w.p99)} | ${n2((w.scansPerSecond * 8) / s.baseline.rps)} |`,
    );
  }
  if (s.webhooks) {
    const h = s.webhooks;
    lines.push(
      `| webhook deliveries (${h.received}/${h.count}) | ${n0(h.perSecond)} /s | ${ms(h.p50)} | ${ms(h.p99)} | ${n2(h.perSecond / s.baseline.rps)} |`,
    );
  }
  lines.push('');
  const extras = [`seeded in ${s.seedSeconds.toFixed(1)} s`, `server RSS ${n0(s.rssMb)} MB after the reads`];
  if (s.streams) {
    const st = s.streams;
    extras.push(
      `${n0(st.held)} of ${n0(st.target)} event streams held (opened in ${st.openSeconds.toFixed(1)} s), ` +
        `${st.kbPerStream.toFixed(1)} KB each (RSS ${n0(st.rssBeforeMb)} → ${n0(st.rssWithStreamsMb)} MB)`,
    );
  }
  extras.push(`peak RSS ${n0(s.peakRssMb)} MB`);
  lines.push(`${extras.join('; ')}.`, '');
  return lines;
}

const pct = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %` : 'n/a');

/** Whole scans signed by the registered build against unsigned ones, on the same server in the same run. */
function signatureLines(s: SizeResult, checkAlone: CheckAlone): string[] {
  const c = s.signatureCost;
  if (c === undefined) return [];
  const row = (name: string, m: ModeFigures) =>
    `| ${name}${m.failures ? ` (${m.failures} failed)` : ''} | ${n0(perScan.scansPerSecond(m))} | ${n2(perScan.wallMs(m))} | ${n2(perScan.serverCpuMs(m))} | ${n2(perScan.loadCpuMs(m))} |`;
  const ratio = (f: (m: ModeFigures) => number) => pct(f(c.signed) / f(c.unsigned) - 1);
  const share = (us: number) =>
    `${(((us * SIGNED_CALLS_PER_SCAN) / (perScan.serverCpuMs(c.unsigned) * 1000)) * 100).toFixed(1)} %`;
  const store = s.checkOnStore;
  return [
    `| ${n0(s.size)} scans: signature cost, ${c.rounds} rounds of ${c.secondsPerRound} s each way | scans/s | ms per scan | server CPU ms per scan | load generator CPU ms per scan |`,
    '|---|---:|---:|---:|---:|',
    row('whole scans, unsigned (`SCANNER_ACCEPT=any`)', c.unsigned),
    row('whole scans, every scanner call signed by the registered build', c.signed),
    `| signed ÷ unsigned − 1 | ${ratio(perScan.scansPerSecond)} | ${pct(wallRatio(c))} | ${pct(cpuRatio(c))} | ${ratio(perScan.loadCpuMs)} |`,
    '',
    `Time per scan, signed ÷ unsigned − 1, round by round: ${c.roundRatios.map(pct).join(', ')}. ` +
      `Side by side (half the workers signed, half unsigned, at the same time, ${n2(c.sideBySide.seconds)} s): ${n0(c.sideBySide.signed)} signed and ${n0(c.sideBySide.unsigned)} unsigned scans, ${pct(sideBySideRatio(c))} time per scan${c.sideBySide.failures ? ` (${c.sideBySide.failures} failed)` : ''}.`,
    '',
    `The server's CPU per signed call beyond an unsigned one: ${n0(serverUsPerSignedCall(c))} µs (${SIGNED_CALLS_PER_SCAN} signed calls per scan). ` +
      `The check alone, in the bench process, as a share of the server's CPU per unsigned whole scan for its ${SIGNED_CALLS_PER_SCAN} calls: ` +
      (store === undefined
        ? ''
        : `on the store (the client's row, the check, the replay memory's write and commit; ${n0(store.calls)} calls, 50 at a time) ${n0(store.cpuUsPerCall)} µs of CPU per call (${n0(store.wallUsPerCall)} µs of wall time), ${share(store.cpuUsPerCall)}; `) +
      `its cryptography alone ${checkAlone.usPerCall.toFixed(1)} µs, ${share(checkAlone.usPerCall)}.`,
    '',
  ];
}

function targetTable(targets: readonly TargetCheck[]): string[] {
  return [
    '| store | target | figure | |',
    '|---|---|---|---|',
    ...targets.map(
      (t) =>
        `| ${t.store} | ${t.target} | ${t.figure} | ${t.pass === null ? 'n/a' : t.pass ? 'PASS' : 'FAIL'} |`,
    ),
  ];
}

function evidenceLines(evidence: EvidenceFigures, results: readonly StoreResult[]): string[] {
  const lines = [
    '| evidence: 50,000 strings, 5,000 rules | p50 ms | p99 ms | runs |',
    '|---|---:|---:|---:|',
    `| compile the rules (once per rule change), CPU time | ${ms(evidence.compileMs)} | – | 5 |`,
    `| evaluate one upload, in-process, CPU time of one core (${evidence.findings} findings; wall time p50 ${ms(evidence.wallP50)} ms) | ${ms(evidence.p50)} | ${ms(evidence.p99)} | ${evidence.runs} |`,
  ];
  for (const r of results) {
    const up = r.sizes.find((s) => s.evidenceUploads !== undefined)?.evidenceUploads;
    if (up === undefined) continue;
    lines.push(
      `| whole upload over HTTP, ${r.label} (${(up.bytes / 2 ** 20).toFixed(1)} MiB JSON; the first, which also compiles: ${ms(up.firstMs)} ms) | ${ms(up.p50)} | ${ms(up.p99)} | ${up.uploads - 1} |`,
    );
  }
  lines.push('');
  return lines;
}

export function printTables(
  results: readonly StoreResult[],
  evidence: EvidenceFigures,
  checkAlone: CheckAlone,
  targets: readonly TargetCheck[],
): void {
  console.log('\n## Evidence\n');
  console.log(evidenceLines(evidence, results).join('\n'));
  for (const r of results) {
    console.log(`\n## ${r.label}\n`);
    for (const s of r.sizes) console.log([...sizeTable(s), ...signatureLines(s, checkAlone)].join('\n'));
  }
  console.log('\n## Targets\n');
  console.log(targetTable(targets).join('\n'));
  const failed = targets.filter((t) => t.pass === false).length;
  const passed = targets.filter((t) => t.pass === true).length;
  console.log(`\n${passed} PASS, ${failed} FAIL, ${targets.length - passed - failed} not measured`);
}

function machine(): string[] {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return [
    `- CPU: ${cpu}, ${cpus().length} cores`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.version}, Linux ${release()}`,
    `- Commit ${commit} (plus any uncommitted changes in the working tree)`,
  ];
}

export function writeReport(
  results: readonly StoreResult[],
  evidence: EvidenceFigures,
  checkAlone: CheckAlone,
  targets: readonly TargetCheck[],
  opts: Options,
  startedAt: Date,
): void {
  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const lines = [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench`; edit bench/notes.md (inserted below) or bench/report.ts, not this file. -->',
    '',
    `Run ${startedAt.toISOString()}${opts.quick ? ' with `--quick` (1 000 scans, short runs: a smoke test, not figures to quote)' : ''}.`,
    '',
    '## Method',
    '',
    '- The server runs as its own process, started as `npm start` starts it (`node dist/src/main.js`,',
    '  configured by its environment, `LOG_LEVEL=silent`, limits raised far above the load). The load',
    '  generator is the `npm run bench` process ([autocannon](https://github.com/mcollina/autocannon),',
    `  ${CONNECTIONS} connections, ${opts.seconds} s per figure after a 1 s warm-up), never the server's.`,
    '- The baseline is a bare Fastify process answering a small JSON object (`bench/baseline-server.mjs`),',
    '  measured at every size in the same run; "× baseline" is requests per second over its requests per',
    "  second, so the machine's speed and noise cancel out as far as they can.",
    '- The store is seeded through the application layer, not over HTTP (`seedFinishedScans`, which writes',
    "  what each scan's create, start and finish would write, aggregates included), with a deterministic",
    '  population: groups of one to three players, one to seven scans each, one or two machines each, alt',
    '  accounts named in the same reports, machines shared inside a group (related accounts), ~6 % cheating',
    "  and ~15 % suspicious scans, one player per 1 000 scans banned or warned. Each report's first account",
    '  proved itself before the scan, the others are only claimed; every other report naming an alt is the',
    "  alt's own scan. The risk score and lookup are read for one player scanned 24 times (some as the alt), an",
    '  alt account, two relatives on shared hardware, a warning and a staff note; it is seeded first, so',
    '  each size reads the same answer from a larger store. Sizes are reached by adding to the store.',
    '- Status is read for a pending, a scanning and a finished PIN; results for the finished one. "create',
    '  PIN" spreads over 200 accounts. Whole scans: 50 workers each looping create → start → the',
    "  player's Discord proof through the start's one-time link (its page, its form, a local stand-in for",
    '  Discord, the callback) → 5 progress → finish under their own account, with a new player and machine',
    '  per scan, after 1 s not counted, the scanner calls signed by an official build registered from its',
    '  manifest in `SCANNER_DOWNLOADS_DIR` (`bench/scan-client.ts`), over kept-alive `node:http`',
    '  connections (runs before 2026-11-23T20:00Z used `fetch`, which cost the load generator as much CPU',
    '  as the server, see "Profile findings"; runs before 2026-11-28 proved the player before the start,',
    '  signed nothing and counted the first second). Webhook deliveries: one',
    '  endpoint on a receiver in the bench process, timed from the first delivery to the last. Event',
    "  streams: opened over many keys (20 per key), memory per stream is the server's RSS growth over",
    '  the streams held. Memory is VmRSS from /proc.',
    '- Signature cost (`bench/signature-cost.ts`): the same whole scans unsigned (`SCANNER_ACCEPT=any`',
    `  takes both) and signed, on the same server, in alternating rounds of ${opts.seconds} s each way, compared`,
    "  per scan in time and in the server's CPU time (/proc; other work on the machine hardly moves it).",
    '  The check alone is also timed in the bench process, in CPU time: against the store before the',
    "  server opens it (the client's row, the check, the replay memory's write and its commit), and its",
    '  cryptography alone (digests, HMAC, constant-time comparison, replay digest).',
    `- Stores: ${results.map((r) => r.label).join(', ')}; PostgreSQL and Redis run on the same machine.`,
    '- PostgreSQL: every size on a new database seeded from nothing, autovacuum off for its tables. The',
    '  reads are measured first "never analysed": the start-up that created the tables analysed them',
    '  while empty, and nothing has since the data arrived, which is what a new installation sees as its',
    '  data comes in until autovacuum or an operator analyses it. Then `ANALYZE` runs with the server',
    '  up, 50 requests sent at once time the first answers after it (every pooled connection plans its',
    '  prepared statements again) against the same burst just before it; each burst follows 11 s without',
    "  requests, longer than the server keeps a PIN or a player's facts in memory, so both read the store.",
    '  Then the reads are measured again "analysed". SQLite has no planner',
    '  statistics to miss; its store grows from one size to the next.',
    '- Evidence: 5 000 rules (60 % on memory strings, the rest on jar entries, hashes, file and process',
    "  names; contains, prefix and exact) against an upload of 50 000 strings from a game's memory plus",
    '  40 jars of 50 entries (`bench/evidence.ts`). Judged in the bench process before any server runs',
    '  (CPU time, so a pause the scheduler gives other work does not count), and uploaded whole to each',
    "  store's server at its first size, each upload on its own started scan.",
    '- Not measured here: that every acknowledged start, finish and failure survives `kill -9`; `npm run',
    '  crash` checks that, under load, on both stores.',
    '',
    '## Machine',
    '',
    ...machine(),
    '',
    '## Figures',
    '',
  ];
  for (const r of results) {
    lines.push(`### ${r.label}`, '');
    for (const s of r.sizes) lines.push(...sizeTable(s), ...signatureLines(s, checkAlone));
  }
  lines.push('### Evidence', '', ...evidenceLines(evidence, results));
  lines.push('## Targets', '', ...targetTable(targets), '');
  if (notes !== '') lines.push(notes, '');
  writeFileSync(OUT, lines.join('\n'));
  console.log(`\nwrote ${OUT}`);
}
