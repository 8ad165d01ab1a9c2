import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressNetwork,
  differentNetworks,
  type NetworkSighting,
  networkReasonsOf,
  type ScanNetworkStage,
} from '../../src/domain/scan-network.js';

const octet = fc.integer({ min: 0, max: 255 });
const group = fc.integer({ min: 0, max: 0xffff });
const v4 = fc.tuple(octet, octet, octet, octet);
const v6 = fc
  .array(group, { minLength: 8, maxLength: 8 })
  .filter((g) => !g.slice(0, 6).every((x) => x === 0));

const sighting = (
  stage: ScanNetworkStage,
  network: string,
  extra: Partial<NetworkSighting> = {},
): NetworkSighting => ({ stage, family: 4, network, country: null, asn: null, ...extra });

const scanStage = fc.constantFrom<ScanNetworkStage>('start', 'progress', 'upload');
const anyStage = fc.constantFrom<ScanNetworkStage>('game-connection', 'start', 'progress', 'upload', 'proof');
const place = fc.record({
  country: fc.option(fc.constantFrom('NL', 'DE', 'US'), { nil: null }),
  asn: fc.option(fc.integer({ min: 1, max: 70_000 }), { nil: null }),
});

describe('a network of an address', () => {
  it('is the /24 of an IPv4 address: any two addresses in it share it, and none outside', () => {
    fc.assert(
      fc.property(v4, octet, (o, last) => {
        const a = addressNetwork(o.join('.'));
        const b = addressNetwork([...o.slice(0, 3), last].join('.'));
        expect(a).toEqual({ family: 4, prefix: `${o.slice(0, 3).join('.')}.0/24` });
        expect(b).toEqual(a);
      }),
    );
    expect(addressNetwork('203.0.113.7')).not.toEqual(addressNetwork('203.0.114.7'));
  });

  it('is the /64 of an IPv6 address, whatever the spelling and whatever the last 64 bits', () => {
    fc.assert(
      fc.property(v6, fc.array(group, { minLength: 4, maxLength: 4 }), fc.boolean(), (g, low, upper) => {
        const spelled = g.map((x) => x.toString(16).padStart(4, '0')).join(':');
        const other = [...g.slice(0, 4), ...low].map((x) => x.toString(16)).join(':');
        const a = addressNetwork(upper ? spelled.toUpperCase() : spelled);
        expect(a?.family).toBe(6);
        expect(addressNetwork(other)).toEqual(a);
      }),
    );
    expect(addressNetwork('2001:db8:1:2::7')).toEqual({ family: 6, prefix: '2001:db8:1:2::/64' });
    expect(addressNetwork('2001:db8:1:3::7')).not.toEqual(addressNetwork('2001:db8:1:2::7'));
  });

  it('is the IPv4 one for an IPv4-mapped IPv6 address, in either spelling', () => {
    fc.assert(
      fc.property(v4, (o) => {
        const hex = `${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
        expect(addressNetwork(`::ffff:${o.join('.')}`)).toEqual(addressNetwork(o.join('.')));
        expect(addressNetwork(`::ffff:${hex}`)).toEqual(addressNetwork(o.join('.')));
      }),
    );
  });

  it('is null for anything that is not an address', () => {
    for (const text of [
      '',
      'localhost',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '2001:db8::1::2',
      'g::1',
      ' 1.2.3.4',
    ])
      expect(addressNetwork(text), text).toBeNull();
  });
});

describe('the reasons of a scan’s networks', () => {
  it('are none when every call came from the same network, wherever the databases place it', () => {
    fc.assert(
      fc.property(fc.array(anyStage, { minLength: 1, maxLength: 12 }), place, (stages, where) => {
        expect(networkReasonsOf(stages.map((s) => sighting(s, 'same', where)))).toEqual([]);
      }),
    );
  });

  it('say the scan moved when any two of its calls came from different networks', () => {
    fc.assert(
      fc.property(fc.array(scanStage, { minLength: 0, maxLength: 6 }), scanStage, scanStage, (rest, a, b) => {
        const reasons = networkReasonsOf([
          sighting(a, 'one'),
          ...rest.map((s) => sighting(s, 'one')),
          sighting(b, 'two'),
        ]);
        expect(reasons.map((r) => r.code)).toEqual(['network_changed']);
        expect(reasons[0]?.level).toBe('medium');
        expect(reasons[0]?.text).toBe(
          "The scan's calls came from 2 different networks: part of the scan may have run on another machine.",
        );
      }),
    );
  });

  it('name the stages, countries and ASNs when the databases placed them, never a hash', () => {
    const [reason] = networkReasonsOf([
      sighting('start', 'hash-one', { country: 'NL', asn: 1136 }),
      sighting('progress', 'hash-one', { country: 'NL', asn: 1136 }),
      sighting('upload', 'hash-two', { country: 'DE', asn: 3320 }),
    ]);
    expect(reason?.text).toBe(
      "The scan's calls came from 2 different networks (start: NL AS1136, upload: DE AS3320): part of the scan may have run on another machine.",
    );
    expect(reason?.text).not.toMatch(/hash/);
  });

  it('say the scan ran elsewhere than the game connection when a scanner call came from another network', () => {
    const reasons = networkReasonsOf([
      sighting('game-connection', 'home', { country: 'NL', asn: 1136 }),
      sighting('start', 'friend', { country: 'DE', asn: 3320 }),
      sighting('upload', 'friend', { country: 'DE', asn: 3320 }),
    ]);
    expect(reasons).toEqual([
      {
        code: 'network_differs_from_game',
        level: 'medium',
        text: 'The scan ran on a different network from the game connection (game: NL AS1136, scan: DE AS3320).',
      },
    ]);
    expect(
      networkReasonsOf([sighting('game-connection', 'home'), sighting('start', 'friend')])[0]?.text,
    ).toBe('The scan ran on a different network from the game connection.');
    // The Discord proof from elsewhere is a reason of its own, worded for a phone on mobile data.
    expect(
      networkReasonsOf([
        sighting('start', 'home'),
        sighting('proof', 'phone'),
        sighting('upload', 'home'),
      ]).map((r) => r.code),
    ).toEqual(['proof_from_other_network']);
    expect(networkReasonsOf([sighting('start', 'home'), sighting('proof', 'home')])).toEqual([]);
    // The Discord proof is the browser's (a phone, say): only the scanner's calls are held against the game.
    expect(
      networkReasonsOf([
        sighting('game-connection', 'home'),
        sighting('start', 'home'),
        sighting('upload', 'home'),
      ]),
    ).toEqual([]);
  });

  it('claim nothing between an IPv4 and an IPv6 network of one line unless the databases tell them apart', () => {
    const a = sighting('start', 'v4-hash', { family: 4 });
    const b = sighting('upload', 'v6-hash', { family: 6 });
    expect(differentNetworks(a, b)).toBe(false);
    expect(networkReasonsOf([a, b])).toEqual([]);
    expect(differentNetworks({ ...a, asn: 1136 }, { ...b, asn: 1136 })).toBe(false);
    expect(differentNetworks({ ...a, asn: 1136 }, { ...b, asn: 3320 })).toBe(true);
    expect(differentNetworks({ ...a, country: 'NL' }, { ...b, country: 'DE' })).toBe(true);
  });
});
