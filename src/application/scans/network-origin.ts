import { type NetworkOrigin, withNetworkOrigin } from '../../domain/network-origin.js';
import type { ScanReport } from '../../domain/scan-report.js';
import type { UseCaseContext } from '../context.js';

/** One database's or list's state, as /readyz shows it (docs/operations.md, "Country and VPN databases"). */
export interface OriginFileStatus {
  /** `off`: not configured; `unavailable`: configured, nothing could be loaded yet. */
  state: 'off' | 'loaded' | 'unavailable';
  /** The file changed and the new version was refused: what is loaded is the one before. */
  lastChangeRejected: boolean;
  /** The loaded database's `database_type` and build time (its metadata). */
  databaseType?: string;
  builtAt?: string;
  /** Networks on the loaded VPN list. */
  entries?: number;
}

export interface NetworkOriginsStatus {
  country: OriginFileStatus;
  asn: OriginFileStatus;
  vpnAsns: OriginFileStatus;
}

/** The operator's databases placing an address (implemented in lib/geoip/). */
export interface IpOrigins {
  /** Never throws; parts whose database is not loaded say so. The address is neither kept nor logged. */
  lookup(address: string): Promise<NetworkOrigin>;
  status(): Promise<NetworkOriginsStatus>;
}

/**
 * The report's `country` and `vpn` as the server places the address the report came from
 * (domain/network-origin.ts has the rule). Only the derived fields go on; the address goes nowhere.
 */
export async function placeReport(
  ctx: UseCaseContext,
  report: ScanReport,
  clientAddress: string,
): Promise<ScanReport> {
  return withNetworkOrigin(report, await ctx.ipOrigins.lookup(clientAddress));
}
