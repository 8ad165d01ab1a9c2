import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isClassName, OVERLAP, StringExtractor } from '../../packages/scanner/src/memory/extract.js';

const limits = { classNames: 1000, strings: 1000 };

function extract(buf: Buffer, hints: string[] = [], chunk = buf.length): StringExtractor {
  const x = new StringExtractor(hints, limits);
  // Chunks overlap by OVERLAP bytes, as the memory readers feed them.
  for (let at = 0; at < buf.length; at += chunk - OVERLAP) {
    const end = Math.min(buf.length, at + chunk);
    x.scan(buf.subarray(at, end), end - at, end === buf.length, at === 0);
    if (end === buf.length) break;
  }
  return x;
}

const ident = fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,12}$/);
// A package of two levels or more: the shape the harvest keeps (class-harvest.ts).
const className = fc
  .array(ident, { minLength: 3, maxLength: 5 })
  .map((p) => p.join('/'))
  .filter((n) => n.length >= 4);

describe('memory string extraction (docs/scan-client.md)', () => {
  it('finds class names in ASCII and UTF-16LE, strips descriptors and .class, and ignores paths', () => {
    const buf = Buffer.concat([
      Buffer.from([0, 1, 2]),
      Buffer.from('net/wurstclient/WurstClient.class\0', 'latin1'),
      Buffer.from('\x05Lmeteordevelopment/meteorclient/MeteorClient;\x00', 'latin1'),
      Buffer.from([0xff]),
      Buffer.from('net/ccbluex/liquidbounce/LiquidBounce', 'utf16le'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('/usr/lib/jvm\0 1abc/def \0', 'latin1'),
    ]);
    const x = extract(buf);
    expect(x.classNames.chosen().sort()).toEqual([
      'meteordevelopment/meteorclient/MeteorClient',
      'net/ccbluex/liquidbounce/LiquidBounce',
      'net/wurstclient/WurstClient',
    ]);
  });

  it('reports printable strings holding a hint, in any case, in ASCII and UTF-16LE', () => {
    const buf = Buffer.concat([
      Buffer.from('\0\x01KillAura enabled\0plain words here\0\xff', 'latin1'),
      Buffer.from('AutoClicker: 14 cps', 'utf16le'),
      Buffer.from([1, 2, 3]),
    ]);
    const x = extract(buf, ['killaura', 'autoclicker']);
    expect([...x.strings].sort()).toEqual(['AutoClicker: 14 cps', 'KillAura enabled']);
  });

  it('finds any class name planted anywhere in random bytes, across chunk edges', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 6000 }),
        className,
        fc.nat(),
        fc.boolean(),
        (noise, name, where, wide) => {
          const at = noise.length === 0 ? 0 : where % noise.length;
          const planted = Buffer.from(name, wide ? 'utf16le' : 'latin1');
          const buf = Buffer.concat([
            Buffer.from(noise.subarray(0, at)),
            Buffer.from([1, 1]),
            planted,
            Buffer.from([0, 0]),
            Buffer.from(noise.subarray(at)),
          ]);
          const x = extract(buf, [], OVERLAP * 2 + 37);
          expect(x.classNames.has(name)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stops at its caps and says so', () => {
    const names = Array.from({ length: 20 }, (_, i) => `a/b/C${i}`).join('\0');
    const x = new StringExtractor([], { classNames: 5, strings: 5 });
    const buf = Buffer.from(`\0${names}\0`, 'latin1');
    x.scan(buf, buf.length, true);
    expect(x.classNames.chosen()).toHaveLength(5);
    expect(x.classNames.found).toBe(20);
    expect(x.truncated).toBe(true);
  });

  it('knows a class name from other slashed text', () => {
    expect(isClassName('net/wurstclient/WurstClient')).toBe(true);
    expect(isClassName('a/B$1')).toBe(true);
    expect(isClassName('/usr/lib')).toBe(false);
    expect(isClassName('1abc/def')).toBe(false);
    expect(isClassName('single')).toBe(false);
  });
});
