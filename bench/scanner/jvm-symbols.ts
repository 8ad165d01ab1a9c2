/**
 * The cost of the Java check's part of the memory pass (docs/benchmarks.md, "Scan client"): a real
 * JVM (OpenJDK, the Debian-jars program of test/scanner/jvm) is started, up to 600 MiB of its memory
 * copied once, then the extractor runs over the copy alone, with the Symbol check, and with the Symbol
 * check and the Klass-word search; best of 5 each, so only the CPU is timed. Linux, `java` and `javac`
 * needed: `npx tsx bench/scanner/jvm-symbols.ts`.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linuxJvmImage, symbolLimits } from '../../packages/scanner/src/jvm/symbol-pass.js';
import { StringExtractor } from '../../packages/scanner/src/memory/extract.js';
import { parseMaps, regionsToRead } from '../../packages/scanner/src/memory/linux.js';
import { compile, startJava } from '../../test/scanner/jvm/support/java-programs.js';
import { REAL_JARS_SOURCE } from '../../test/scanner/jvm/support/java-sources.js';

const HINTS = [
  'killaura',
  'autoclicker',
  'aimassist',
  'reach',
  'cheat',
  'hack',
  'inject',
  'clickgui',
  'aimbot',
  'loader',
];
const CHUNK = 8 * 1024 * 1024;
const LIMIT = 600 * 1024 * 1024;

const root = mkdtempSync(join(tmpdir(), 'scanpin-bench-jvm-'));
compile({ 'RealJars.java': REAL_JARS_SOURCE }, join(root, 'real'));
const cp = `${join(root, 'real')}:/usr/share/java/*:/usr/share/maven/lib/*`;
const game = await startJava(['-Xmx512m', '-cp', cp, 'RealJars', '100000'], { cwd: root, timeoutMs: 90_000 });
const image = await linuxJvmImage('/proc', game.pid);
const chunks: { buf: Buffer; at: number }[] = [];
let total = 0;
const fd = openSync(`/proc/${game.pid}/mem`, 'r');
for (const r of regionsToRead(parseMaps(readFileSync(`/proc/${game.pid}/maps`, 'utf8')))) {
  for (let at = r.start; at < r.end && total < LIMIT; at += CHUNK) {
    const buf = Buffer.allocUnsafeSlow(Math.min(CHUNK, r.end - at));
    try {
      const got = readSync(fd, buf, 0, buf.length, at);
      if (got > 0) chunks.push({ buf: buf.subarray(0, got), at });
      total += got;
    } catch {
      break;
    }
  }
}
closeSync(fd);
game.stop();
rmSync(root, { recursive: true, force: true });
if (image === null) throw new Error('no libjvm.so in the JVM: not HotSpot');

const variants = {
  'memory pass alone': {},
  'with the Symbol check': { symbols: 400_000 },
  'with the Symbol check and the Klass words': symbolLimits(image),
};
const best = new Map<string, number>();
for (let round = 0; round < 5; round++) {
  for (const [name, extra] of Object.entries(variants)) {
    const extractor = new StringExtractor(HINTS, { classNames: 50_000, strings: 5_000, ...extra });
    const started = performance.now();
    for (const c of chunks) extractor.scan(c.buf, c.buf.length, true, true, c.at);
    const mibPerSecond = total / 1048576 / ((performance.now() - started) / 1000);
    best.set(name, Math.max(best.get(name) ?? 0, mibPerSecond));
  }
}
console.log(`${(total / 1048576).toFixed(0)} MiB of a real JVM's memory, best of 5, one core:`);
for (const [name, speed] of best) console.log(`  ${name}: ${speed.toFixed(0)} MiB/s`);
