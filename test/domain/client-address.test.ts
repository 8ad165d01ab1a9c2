import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../src/domain/client-address.js';

/** Eight 16-bit groups, spelled in full, zero-padded or not, in either case. */
function spell(groups: number[], style: { pad: boolean; upper: boolean }): string {
  const text = groups.map((g) => g.toString(16).padStart(style.pad ? 4 : 1, '0')).join(':');
  return style.upper ? text.toUpperCase() : text;
}

/** The same groups with their longest run of zeros (if any) written as `::`. */
function compress(groups: number[]): string {
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

const group = fc.integer({ min: 0, max: 0xffff });
/** Groups that favour zeros, so `::` shows up often. */
const zeroish = fc.oneof(fc.constant(0), group);
const half = fc.array(zeroish, { minLength: 4, maxLength: 4 });
const style = fc.record({ pad: fc.boolean(), upper: fc.boolean() });
const spelling = fc.oneof(
  style.map((s) => (groups: number[]) => spell(groups, s)),
  fc.constant(compress),
);
/** Not ::ffff:0:0/96, whose addresses are IPv4 ones. */
const notMapped = (prefix: number[]) => !prefix.every((g) => g === 0);

describe('which key a client address counts under (docs/api.md, "Rate limits")', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:201', '192.0.2.1'],
    ['0:0:0:0:0:ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it('keeps what is not an address as it came, so it shares with nothing else', () => {
    for (const text of ['', 'unix', '1:2:3', '2001:db8::1::2', '256.0.0.1', '1:2:3:4:5:6:7:8:9'])
      expect(clientAddressKey(text)).toBe(text);
  });

  it('gives any two addresses of one /64 the same key, however they are spelled', () => {
    fc.assert(
      fc.property(half.filter(notMapped), half, half, spelling, spelling, (prefix, a, b, spellA, spellB) => {
        expect(clientAddressKey(spellA([...prefix, ...a]))).toBe(clientAddressKey(spellB([...prefix, ...b])));
      }),
      { numRuns: 500 },
    );
  });

  it('gives addresses of different /64s different keys', () => {
    fc.assert(
      fc.property(half, half, half, half, spelling, (p, q, a, b, spellIt) => {
        fc.pre(p.join() !== q.join());
        expect(clientAddressKey(spellIt([...p, ...a]))).not.toBe(clientAddressKey(spellIt([...q, ...b])));
      }),
      { numRuns: 500 },
    );
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 addresses one by one', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), fc.boolean(), (v4, other, upper) => {
        const octets = v4.split('.').map(Number);
        const hex = `${(((octets[0] ?? 0) << 8) | (octets[1] ?? 0)).toString(16)}:${(((octets[2] ?? 0) << 8) | (octets[3] ?? 0)).toString(16)}`;
        const mapped = upper ? `::FFFF:${hex.toUpperCase()}` : `::ffff:${hex}`;
        expect(clientAddressKey(`::ffff:${v4}`)).toBe(clientAddressKey(v4));
        expect(clientAddressKey(mapped)).toBe(clientAddressKey(v4));
        expect(clientAddressKey(v4) === clientAddressKey(other)).toBe(v4 === other);
        // An IPv4 address never shares with an IPv6 /64.
        expect(clientAddressKey(v4)).not.toContain('/64');
      }),
      { numRuns: 500 },
    );
  });

  it('reads every address fast-check writes, IPv6 by its /64', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const key = clientAddressKey(address);
        expect(key === address).toBe(false);
        expect(key.endsWith('::/64') || /^\d+\.\d+\.\d+\.\d+$/.test(key)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
