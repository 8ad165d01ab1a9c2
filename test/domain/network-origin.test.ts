import { describe, expect, it } from 'vitest';
import { type NetworkOrigin, UNKNOWN_ORIGIN, withNetworkOrigin } from '../../src/domain/network-origin.js';
import type { ScanReport } from '../../src/domain/scan-report.js';
import { parseVpnAsnList, VpnAsnListError } from '../../src/domain/vpn-asn-list.js';

const report = (vpn: string | null, country: string | null): ScanReport => ({
  detections: [],
  suspicious: [],
  warnings: [],
  untrusted: [],
  integrity: [],
  artifacts: [],
  vpn,
  country,
  logon: null,
  scantime: null,
  windows: null,
  discord: [],
});

const hosting = { asn: 9009, organisation: 'Example Hosting Ltd' };
const origin = (o: Partial<NetworkOrigin>): NetworkOrigin => ({ ...UNKNOWN_ORIGIN, ...o });

describe('the VPN list', () => {
  it('takes one AS number a line, with or without AS, and # comments', () => {
    const list = parseVpnAsnList('# VPN providers\n9009\r\nAS60068  # Datacamp\n\n  as212238\n9009\n');
    expect([...list].sort((a, b) => a - b)).toEqual([9009, 60068, 212238]);
    expect(parseVpnAsnList('').size).toBe(0);
  });

  it('rejects the whole file at its first bad line, saying which', () => {
    for (const [text, line] of [
      ['9009\nM247\n', 2],
      ['9009\n0\n', 2],
      ['4294967296', 1],
      ['AS 9009', 1],
      ['9009, 60068', 1],
    ] as const) {
      expect(() => parseVpnAsnList(text)).toThrow(VpnAsnListError);
      try {
        parseVpnAsnList(text);
      } catch (err) {
        expect((err as VpnAsnListError).line).toBe(line);
      }
    }
  });
});

describe('country and VPN from the address', () => {
  it('without databases, the scan client’s own values stand', () => {
    const sent = report('No VPN detected', 'NL');
    expect(withNetworkOrigin(sent, UNKNOWN_ORIGIN)).toBe(sent);
  });

  it('with a country database, its answer replaces the client’s, null included', () => {
    expect(
      withNetworkOrigin(report(null, 'NL'), origin({ country: { checked: true, found: 'DE' } })).country,
    ).toBe('DE');
    expect(
      withNetworkOrigin(report(null, 'NL'), origin({ country: { checked: true, found: null } })).country,
    ).toBeNull();
  });

  it('a listed network fills vpn; an unlisted one, or no list, leaves the client’s value', () => {
    const network = { checked: true as const, found: hosting };
    const listed = origin({ network, vpnAsns: new Set([9009]) });
    expect(withNetworkOrigin(report('No VPN detected', null), listed).vpn).toBe(
      'VPN or hosting network: AS9009 (Example Hosting Ltd)',
    );
    expect(withNetworkOrigin(report(null, null), origin({ network, vpnAsns: new Set([1]) })).vpn).toBeNull();
    expect(withNetworkOrigin(report('VPN adapter: wg0', null), origin({ network, vpnAsns: null })).vpn).toBe(
      'VPN adapter: wg0',
    );
    expect(
      withNetworkOrigin(
        report(null, null),
        origin({ network: { checked: true, found: null }, vpnAsns: new Set([9009]) }),
      ).vpn,
    ).toBeNull();
  });
});
