import type { AsnResponse, CountryResponse } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { MmdbFile, plainAddress } from '../../src/lib/geoip/mmdb.js';
import { asnDatabase, countryDatabase, encode, uint16, writeMmdb } from '../support/mmdb-writer.js';

const anyType = () => true;

describe('MaxMind DB files written by the tests, read with the maxmind reader', () => {
  for (const recordSize of [24, 28, 32] as const) {
    it(`finds IPv4 and IPv6 networks in an IPv6 tree with ${recordSize}-bit records`, () => {
      const file = MmdbFile.parse<CountryResponse>(
        countryDatabase(
          { '203.0.113.0/24': 'DE', '198.51.100.128/25': 'FR', '2001:db8:1::/48': 'NL' },
          { recordSize },
        ),
        anyType,
      );
      expect(file.get('203.0.113.9')?.country?.iso_code).toBe('DE');
      expect(file.get('198.51.100.200')?.country?.iso_code).toBe('FR');
      expect(file.get('198.51.100.5')).toBeNull();
      expect(file.get('2001:db8:1:ab::7')?.country?.iso_code).toBe('NL');
      expect(file.get('2001:db8:2::1')).toBeNull();
      expect(file.databaseType).toBe('GeoLite2-Country');
      expect(file.ipVersion).toBe(6);
    });
  }

  it('reads records past 2^24 in a 28-bit tree (the nibble in the middle byte)', () => {
    // A data section over 16 MiB pushes the last network's record past 24 bits.
    const big = 'x'.repeat(70_000);
    const networks = Array.from({ length: 260 }, (_, i) => ({
      network: `10.${i >> 8}.${i & 255}.0/24`,
      data: { filler: big, n: i },
    }));
    const file = MmdbFile.parse<{ n: number } & CountryResponse>(
      writeMmdb({ databaseType: 'Test-Country', ipVersion: 6, recordSize: 28, networks }),
      anyType,
    );
    expect(file.get('10.1.3.4')?.n).toBe(259);
    expect(file.get('10.0.7.1')?.n).toBe(7);
  });

  it('looks up an IPv4-mapped IPv6 address (a dual-stack socket) as its IPv4 address', () => {
    const file = MmdbFile.parse<CountryResponse>(countryDatabase({ '203.0.113.0/24': 'DE' }), anyType);
    expect(file.get('::ffff:203.0.113.9')?.country?.iso_code).toBe('DE');
    expect(plainAddress('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(plainAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(plainAddress('not an address')).toBeNull();
  });

  it('an IPv4 tree answers IPv4 addresses and never walks an IPv6 one through it', () => {
    const file = MmdbFile.parse<AsnResponse>(
      asnDatabase({ '203.0.113.0/24': { asn: 64500, organisation: 'Example Hosting' } }, { ipVersion: 4 }),
      anyType,
    );
    expect(file.get('203.0.113.1')?.autonomous_system_number).toBe(64500);
    expect(file.get('::ffff:203.0.113.1')?.autonomous_system_organization).toBe('Example Hosting');
    // 0xcb00:7100:: has the same leading bits as 203.0.113.0 and would match in a careless reader.
    expect(file.get('cb00:7100::1')).toBeNull();
  });

  it('encodes sizes past 29 and 285 bytes as the specification says', () => {
    for (const length of [28, 29, 284, 285, 65_820, 65_821, 70_000]) {
      const file = MmdbFile.parse<{ s: string } & CountryResponse>(
        writeMmdb({
          databaseType: 'Test',
          ipVersion: 4,
          networks: [{ network: '192.0.2.0/24', data: { s: 'y'.repeat(length) } }],
        }),
        anyType,
      );
      expect(file.get('192.0.2.1')?.s.length).toBe(length);
    }
  });

  it('refuses damaged files and files of another kind when they load, not at lookup', () => {
    const good = countryDatabase({ '203.0.113.0/24': 'DE' });
    const refused = (content: Buffer, accepts: (t: string) => boolean = anyType) =>
      expect(() => MmdbFile.parse(content, accepts)).toThrow();
    refused(Buffer.alloc(0));
    refused(Buffer.from('not a database at all'));
    refused(good.subarray(0, Math.floor(good.length / 2))); // half written
    refused(good.subarray(0, good.indexOf(Buffer.from('MaxMind.com')) + 14)); // metadata cut
    refused(good.subarray(good.indexOf(Buffer.from('MaxMind.com')) - 3)); // tree and data gone
    refused(good, (t) => /ASN/.test(t));
    // A metadata map claiming more nodes than the file holds.
    const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
    refused(
      Buffer.concat([
        Buffer.alloc(32),
        marker,
        encode({
          node_count: 1_000_000,
          record_size: uint16(24),
          ip_version: uint16(6),
          database_type: 'GeoLite2-Country',
          binary_format_major_version: uint16(2),
          binary_format_minor_version: uint16(0),
          build_epoch: 0,
        }),
      ]),
    );
  });
});
