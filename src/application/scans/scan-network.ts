import type { AssuranceReason } from '../../domain/assurance.js';
import type { Pin } from '../../domain/pin.js';
import { addressNetwork, networkReasonsOf, type ScanNetworkStage } from '../../domain/scan-network.js';
import { hmacHex } from '../../lib/crypto.js';
import type { NewSighting } from '../../storage/repositories/scan-networks.js';
import type { UseCaseContext } from '../context.js';

/**
 * Where a scan ran (docs/scanner.md, "Where the scan ran"): the network of each of its calls, kept
 * as a keyed hash of the address's /24 or /64 with the country and ASN the operator's databases give
 * it. The address itself is neither kept nor logged. Null for a caller without an address (none is
 * compared then).
 */
export async function sightingOf(ctx: UseCaseContext, address: string): Promise<NewSighting | null> {
  const network = addressNetwork(address);
  if (network === null) return null;
  const origin = await ctx.ipOrigins.lookup(address);
  return {
    family: network.family,
    network: hmacHex(ctx.hashSecret, `net:${network.prefix}`),
    country: origin.country.checked ? origin.country.found : null,
    asn: origin.network.checked ? (origin.network.found?.asn ?? null) : null,
  };
}

/** Keeps the network a call of the scan came from: its start, or the player's Discord proof. */
export async function recordScanNetwork(
  ctx: UseCaseContext,
  pin: Pin,
  stage: ScanNetworkStage,
  clientAddress: string,
): Promise<void> {
  const sighting = await sightingOf(ctx, clientAddress);
  if (sighting !== null) await ctx.repos.scanNetworks.record(pin.id, stage, sighting, ctx.clock());
}

/** What the upload's network says, and the sighting its finish keeps (in the finish's own transaction). */
export interface UploadNetwork {
  reasons: AssuranceReason[];
  /** Written by the scan's finish (repositories/scans.ts), so a refused finish keeps nothing. */
  upload: NewSighting | null;
}

/**
 * At the scan's upload (its evidence, or its bare report): what the scan's networks show
 * (domain/scan-network.ts), a scan that moved between networks or that ran on another network than
 * the game connection the PIN was given, with the upload's own network counted in.
 */
export async function networkReasons(
  ctx: UseCaseContext,
  pin: Pin,
  uploadAddress: string,
): Promise<UploadNetwork> {
  const [upload, earlier] = await Promise.all([
    sightingOf(ctx, uploadAddress),
    ctx.repos.scanNetworks.ofPin(pin.id),
  ]);
  const all = upload === null ? earlier : [...earlier, { ...upload, stage: 'upload' as const }];
  return { reasons: networkReasonsOf(all), upload };
}
