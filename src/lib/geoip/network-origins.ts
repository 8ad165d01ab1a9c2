import type { AsnResponse, CountryResponse } from 'maxmind';
import type { IpOrigins, NetworkOriginsStatus } from '../../application/scans/network-origin.js';
import { type NetworkOrigin, UNKNOWN_ORIGIN } from '../../domain/network-origin.js';
import { parseVpnAsnList } from '../../domain/vpn-asn-list.js';
import type { ServiceLog } from '../../logger.js';
import { MmdbFile } from './mmdb.js';
import { WatchedFile } from './watched-file.js';

export interface NetworkOriginFiles {
  countryDb: string | undefined;
  asnDb: string | undefined;
  vpnAsnsFile: string | undefined;
  checkEveryMs: number;
}

/** GeoIP2/GeoLite2 Country and City databases both hold `country` (GeoIP2 database documentation). */
const COUNTRY_TYPES = /(Country|City|Enterprise)/i;
const ASN_TYPES = /ASN/i;

/**
 * The operator's MaxMind-format databases and VPN list (docs/operations.md, "Country and VPN
 * databases"), each hot-reloaded on its own. A lookup never throws and never logs the address.
 */
export class NetworkOriginDatabases implements IpOrigins {
  readonly #country: WatchedFile<MmdbFile<CountryResponse>>;
  readonly #asn: WatchedFile<MmdbFile<AsnResponse>>;
  readonly #vpnAsns: WatchedFile<ReadonlySet<number>>;
  readonly #log: ServiceLog;

  constructor(files: NetworkOriginFiles, log: ServiceLog, clock: () => number) {
    const common = { log, clock, checkEveryMs: files.checkEveryMs };
    this.#log = log;
    this.#country = new WatchedFile({
      ...common,
      label: 'GEOIP_COUNTRY_DB',
      path: files.countryDb,
      parse: (content) => MmdbFile.parse<CountryResponse>(content, (t) => COUNTRY_TYPES.test(t)),
    });
    this.#asn = new WatchedFile({
      ...common,
      label: 'GEOIP_ASN_DB',
      path: files.asnDb,
      parse: (content) => MmdbFile.parse<AsnResponse>(content, (t) => ASN_TYPES.test(t)),
    });
    this.#vpnAsns = new WatchedFile({
      ...common,
      label: 'VPN_ASNS_FILE',
      path: files.vpnAsnsFile,
      parse: (content) => parseVpnAsnList(content.toString('utf8')),
    });
  }

  async refresh(): Promise<void> {
    await Promise.all([this.#country.refresh(), this.#asn.refresh(), this.#vpnAsns.refresh()]);
  }

  async lookup(address: string): Promise<NetworkOrigin> {
    await this.refresh();
    const country = this.#country.value;
    const asn = this.#asn.value;
    if (country === null && asn === null) return UNKNOWN_ORIGIN;
    return {
      country:
        country === null
          ? { checked: false }
          : {
              checked: true,
              found: this.#safely('GEOIP_COUNTRY_DB', () => countryCode(country.get(address))),
            },
      network:
        asn === null
          ? { checked: false }
          : {
              checked: true,
              found: this.#safely('GEOIP_ASN_DB', () => {
                const record = asn.get(address);
                const number = record?.autonomous_system_number;
                if (typeof number !== 'number') return null;
                const organisation = record?.autonomous_system_organization;
                return { asn: number, organisation: typeof organisation === 'string' ? organisation : null };
              }),
            },
      vpnAsns: this.#vpnAsns.value,
    };
  }

  async status(): Promise<NetworkOriginsStatus> {
    await this.refresh();
    const country = this.#country.value;
    const asn = this.#asn.value;
    const vpnAsns = this.#vpnAsns.value;
    return {
      country: {
        ...this.#country.status(),
        ...(country ? { databaseType: country.databaseType, builtAt: country.builtAt.toISOString() } : {}),
      },
      asn: {
        ...this.#asn.status(),
        ...(asn ? { databaseType: asn.databaseType, builtAt: asn.builtAt.toISOString() } : {}),
      },
      vpnAsns: { ...this.#vpnAsns.status(), ...(vpnAsns ? { entries: vpnAsns.size } : {}) },
    };
  }

  /** A record the file cannot give (damaged past the checks at load) counts as not found. */
  #safely<T>(label: string, read: () => T | null): T | null {
    try {
      return read();
    } catch (err) {
      this.#log.warn(
        `${label}: a lookup failed (${err instanceof Error ? err.name : 'error'}); answered as not found`,
      );
      return null;
    }
  }
}

/** ISO 3166-1 alpha-2 of where the address is (`country`, not `registered_country`), or null. */
function countryCode(record: CountryResponse | null): string | null {
  const code: unknown = record?.country?.iso_code;
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
}
