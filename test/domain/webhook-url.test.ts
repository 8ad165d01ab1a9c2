import { isIPv6 } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipv6Groups } from '../../src/domain/ipv6-address.js';
import { isForbiddenAddress, literalAddressOf } from '../../src/domain/webhook-url.js';

/** IPv6 forms that carry an IPv4 address, refused outright (docs/webhooks.md, "Safety"). */
const CARRYING_IPV4: ReadonlyArray<readonly [network: number[], prefix: number, name: string]> = [
  [[0, 0, 0, 0, 0, 0xffff, 0, 0], 96, 'IPv4-mapped ::ffff:0:0/96'],
  [[0, 0, 0, 0, 0xffff, 0, 0, 0], 96, 'IPv4-translated ::ffff:0:0:0/96'],
  [[0, 0, 0, 0, 0, 0, 0, 0], 96, 'IPv4-compatible ::/96'],
  [[0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96, 'NAT64 64:ff9b::/96'],
  [[0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48, 'NAT64 64:ff9b:1::/48'],
  [[0x2002, 0, 0, 0, 0, 0, 0, 0], 16, '6to4 2002::/16'],
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 32, 'Teredo 2001::/32'],
];

/** Eight groups whose first `prefix` bits are the network's and the rest random. */
function inRange(network: readonly number[], prefix: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).map((random) =>
    random.map((r, i) => {
      const bits = Math.min(16, Math.max(0, prefix - 16 * i));
      const mask = (0xffff << (16 - bits)) & 0xffff;
      return ((network[i] ?? 0) & mask) | (r & ~mask & 0xffff);
    }),
  );
}

interface Spelling {
  pad: boolean;
  upper: boolean;
  dottedTail: boolean;
  /** Which run of zero groups `::` stands for, as a fraction picking among the runs; null: none. */
  compress: number | null;
}

const spelling: fc.Arbitrary<Spelling> = fc.record({
  pad: fc.boolean(),
  upper: fc.boolean(),
  dottedTail: fc.boolean(),
  compress: fc.option(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
});

/** One of the many ways to write the same address. */
function spell(groups: readonly number[], how: Spelling): string {
  const hex = groups.map((g) => g.toString(16).padStart(how.pad ? 4 : 1, '0'));
  let parts: string[] = hex;
  if (how.dottedTail) {
    const [hi = 0, lo = 0] = groups.slice(6);
    parts = [...hex.slice(0, 6), [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.')];
  }
  const zeroRuns: Array<[start: number, end: number]> = [];
  const last = how.dottedTail ? 6 : 8;
  for (let i = 0; i < last; i++) {
    if (groups[i] !== 0) continue;
    let j = i;
    while (j < last && groups[j] === 0) j++;
    for (let s = i; s < j; s++) for (let e = s + 1; e <= j; e++) zeroRuns.push([s, e]);
    i = j;
  }
  let text = parts.join(':');
  const pick = how.compress === null ? undefined : zeroRuns[Math.floor(how.compress * zeroRuns.length)];
  if (pick !== undefined) {
    const [s, e] = pick;
    text = `${parts.slice(0, s).join(':')}::${parts.slice(e).join(':')}`;
  }
  return how.upper ? text.toUpperCase() : text;
}

describe('IPv6 addresses read as eight groups', () => {
  it.each([
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['0:0:0:0:0:ffff:7f00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['0000:0000:0000:0000:0000:FFFF:7F00:0001', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['1:2:3:4:5:6:7::', [1, 2, 3, 4, 5, 6, 7, 0]],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
  ])('%s', (text, groups) => {
    expect(ipv6Groups(text)).toEqual(groups);
  });

  it.each(['127.0.0.1', 'localhost', '1::2::3', '::ffff:127.000.0.1', '12345::', ''])(
    'not an IPv6 address: %j',
    (text) => {
      expect(ipv6Groups(text)).toBeUndefined();
    },
  );

  it('reads every spelling of an address as the same groups', () => {
    fc.assert(
      fc.property(inRange([0, 0, 0, 0, 0, 0, 0, 0], 0), spelling, (groups, how) => {
        const text = spell(groups, how);
        expect(isIPv6(text)).toBe(true);
        expect(ipv6Groups(text)).toEqual(groups);
      }),
      { numRuns: 500 },
    );
  });
});

describe('IPv6 forms that carry an IPv4 address (docs/webhooks.md, "Safety")', () => {
  it.each([
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::FFFF:127.0.0.1',
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '::ffff:8.8.8.8', // refused outright, even though 8.8.8.8 is public
    '::ffff:0:8.8.8.8',
    '::8.8.8.8',
    '64:ff9b::8.8.8.8',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '64:FF9B:0001:ffff::1',
    '2002:c0a8:101::1',
    '2002:0808:0808:0000:0000:0000:0000:0001',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('%s is refused', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '64:ff9b:2::1', '2003::1', '8.8.8.8'])(
    '%s is allowed',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('refuses every address of those ranges, in every spelling', () => {
    const anyCarrier = fc
      .constantFrom(...CARRYING_IPV4)
      .chain(([network, prefix]) => inRange(network, prefix));
    fc.assert(
      fc.property(anyCarrier, spelling, (groups, how) => {
        const text = spell(groups, how);
        expect(isIPv6(text)).toBe(true);
        expect(isForbiddenAddress(text)).toBe(true);
        // As the host of a webhook URL, in brackets, whatever Node's URL parser makes of it.
        const url = new URL(`https://[${text}]:8443/hook`);
        const literal = literalAddressOf(url);
        expect(literal).toBeDefined();
        expect(isForbiddenAddress(literal ?? '')).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps allowing ordinary public IPv6 addresses (2400::/6 holds none of the refused ranges)', () => {
    fc.assert(
      fc.property(inRange([0x2400, 0, 0, 0, 0, 0, 0, 0], 6), spelling, (groups, how) => {
        expect(isForbiddenAddress(spell(groups, how))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
