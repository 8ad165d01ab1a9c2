/*
 * `npm run bench:scanner [-- --quick]` (docs/benchmarks.md, "Scan client"): how fast the scan client
 * reads a game's memory and scans a whole machine.
 *
 * - Extraction throughput on one core: the string extractor over 256 MiB of pseudo-random bytes with
 *   class names, hinted strings and UTF-16LE text sprinkled in, in this process (no I/O).
 * - The memory source against a live child process holding 256 MiB, 1 GiB and 4 GiB (`--quick`: 256
 *   MiB only): reading `/proc/PID/mem` and extracting, as a scan does. Needs root (ptrace rights).
 * - A whole scan of a planted machine (every source but the network upload), the game holding
 *   256 MiB.
 * Prints a Markdown table for docs/benchmarks.md.
 */
import { randomFillSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { collectMemory } from '../../packages/scanner/src/collect/memory.js';
import { collectProcesses } from '../../packages/scanner/src/collect/processes.js';
import { collectEvidence } from '../../packages/scanner/src/collect/run.js';
import { StringExtractor } from '../../packages/scanner/src/memory/extract.js';
import { displayPath } from '../../packages/scanner/src/paths.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { contextFor } from '../../test/scanner/fixtures/context.js';
import { startGameProcess } from '../../test/scanner/fixtures/game-process.js';
import { plantDiscordStore, plantedMachine, plantMinecraft } from '../../test/scanner/fixtures/machine.js';

const MiB = 1024 * 1024;
/** The public hints a Java scan's plan carries. */
const HINTS = scanPlanFor('Java').hints;
const quick = process.argv.includes('--quick');
const rows: string[] = [];

function row(what: string, size: string, seconds: number, mib: number): void {
  const line = `| ${what} | ${size} | ${seconds.toFixed(2)} s | ${(mib / seconds).toFixed(0)} MiB/s |`;
  rows.push(line);
  process.stderr.write(`${line}\n`);
}

/** Memory as a heap looks: mostly noise and zeros, with strings every few KiB. */
function syntheticMemory(bytes: number): Buffer {
  const buf = Buffer.allocUnsafe(bytes);
  randomFillSync(buf);
  for (let at = 0; at < bytes - 4096; at += 4096 + ((at >> 12) % 7) * 512) {
    buf.fill(0, at, at + 1024);
    const text =
      at % 3 === 0
        ? `\x01java/util/concurrent/ConcurrentHashMap$Node${at}\0`
        : 'Render thread INFO: KillAura is off\0';
    if (at % 5 === 0) buf.write('net/minecraft/client/Minecraft', at + 1100, 'utf16le');
    buf.write(text, at + 100, 'latin1');
  }
  return buf;
}

function extractionThroughput(): void {
  const size = 256 * MiB;
  const buf = syntheticMemory(size);
  const chunk = 8 * MiB;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const x = new StringExtractor(HINTS, { classNames: 50_000, strings: 5_000 });
    const started = performance.now();
    for (let at = 0; at < size; at += chunk)
      x.scan(buf.subarray(at, at + chunk), Math.min(chunk, size - at), true);
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  row('string extraction, one core (best of 3)', '256 MiB', best, 256);
}

async function memorySource(mib: number): Promise<void> {
  const game = await startGameProcess({ ascii: ['net/wurstclient/WurstClient'], fillMiB: mib });
  try {
    const ctx = contextFor({ env: { HOME: '/nonexistent' } });
    const processes = await collectProcesses(ctx);
    const started = performance.now();
    const { items } = await collectMemory({
      ...ctx,
      earlier: { processes: { items: processes.items.filter((p) => p.pid === game.pid) } },
    });
    const seconds = (performance.now() - started) / 1000;
    const read = items[0];
    if (!read?.readable) throw new Error(`memory not read: ${read?.reason}`);
    row(
      'memory source: read /proc/PID/mem and extract',
      `${mib} MiB game (${(read.bytesScanned / MiB).toFixed(0)} MiB read)`,
      seconds,
      read.bytesScanned / MiB,
    );
  } finally {
    game.stop();
  }
}

async function wholeScan(): Promise<void> {
  const m = plantedMachine('linux');
  plantMinecraft(m.minecraft);
  await plantDiscordStore(m.discordBase, [{ id: '123456789012345678', username: 'Player' }], 'token');
  const game = await startGameProcess({ ascii: ['net/wurstclient/WurstClient'], fillMiB: 256 });
  try {
    const ctx = contextFor({ env: m.env });
    const started = performance.now();
    const sources = await collectEvidence(
      ctx.machine,
      'Java',
      { sources: ['system', 'network', 'processes', 'memory', 'files', 'logs', 'discord'], hints: HINTS },
      (p) => displayPath(m.home, p),
      () => undefined,
    );
    const seconds = (performance.now() - started) / 1000;
    const scanned = sources.memory.items.reduce((n, i) => n + i.bytesScanned, 0) / MiB;
    rows.push(
      `| whole scan of a planted machine (every source) | 256 MiB game, ${sources.files.items.length} files | ${seconds.toFixed(2)} s | – |`,
    );
    process.stderr.write(`${rows.at(-1)}\n(${scanned.toFixed(0)} MiB of memory read)\n`);
  } finally {
    game.stop();
    rmSync(m.root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    process.stderr.write('bench:scanner reads another process’s memory: run it as root on Linux.\n');
    process.exit(1);
  }
  extractionThroughput();
  for (const mib of quick ? [256] : [256, 1024, 4096]) await memorySource(mib);
  await wholeScan();
  process.stdout.write(
    `\n| what | size | time | throughput |\n|---|---|---|---|\n${rows.join('\n')}\n\nNode ${process.version}, ${new Date().toISOString()}\n`,
  );
}

await main();
