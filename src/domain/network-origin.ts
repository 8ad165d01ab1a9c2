import type { ScanReport } from './scan-report.js';

/**
 * Where a scan's report came from, as the server's own databases place the address it was sent
 * from (docs/scanner.md, "Country and VPN"). Only these derived facts are kept, never the address.
 * Each part says whether the database behind it was loaded, so "not known" and "not looked up"
 * stay apart.
 */
export interface NetworkOrigin {
  /** ISO 3166-1 alpha-2 code of the address's country; `found` null when the database has none for it. */
  country: { checked: false } | { checked: true; found: string | null };
  /** The autonomous system the address belongs to; `found` null when the database has none for it. */
  network: { checked: false } | { checked: true; found: { asn: number; organisation: string | null } | null };
  /** The operator's VPN and hosting networks; null when no list is loaded. */
  vpnAsns: ReadonlySet<number> | null;
}

/** No database loaded: what the report fields fall back to then. */
export const UNKNOWN_ORIGIN: NetworkOrigin = {
  country: { checked: false },
  network: { checked: false },
  vpnAsns: null,
};

/** An organisation's name as the `vpn` field shows it: well inside the report's 500 characters. */
const ORGANISATION_MAX_LENGTH = 200;

/** The text the `vpn` field holds when the address is on a listed network. */
export function listedNetworkText(network: { asn: number; organisation: string | null }): string {
  const name = network.organisation?.slice(0, ORGANISATION_MAX_LENGTH);
  return `VPN or hosting network: AS${network.asn}${name ? ` (${name})` : ''}`;
}

/**
 * The report's `country` and `vpn` fields, server's word first (docs/scanner.md, "Country and VPN"):
 *
 * - `country`: with a country database loaded, the code it gives the address, or null when it has
 *   none (a private or unassigned address): never the client's claim. Without one, the scan
 *   client's own claim stands as it sent it (evidence uploads carry none, so null).
 * - `vpn`: when the address's autonomous system is on the operator's list, that network; otherwise
 *   the scan client's own value (its VPN adapters). A list can show a VPN but never prove there is
 *   none, so an unlisted network leaves the client's value as it is.
 */
export function withNetworkOrigin(report: ScanReport, origin: NetworkOrigin): ScanReport {
  const country = origin.country.checked ? origin.country.found : report.country;
  const network = origin.network.checked ? origin.network.found : null;
  const vpn = network && origin.vpnAsns?.has(network.asn) ? listedNetworkText(network) : report.vpn;
  return country === report.country && vpn === report.vpn ? report : { ...report, country, vpn };
}
