import { isIPv4 } from 'node:net';
import type { AssuranceReason } from './assurance.js';
import { ipv6Groups } from './ipv6-address.js';

/**
 * Where a scan ran (docs/scanner.md, "Where the scan ran"): the network each of a scan's calls came
 * from, compared. A scan whose calls came from two networks may have run partly on another machine;
 * one that ran on another network than the game connection may have run on a friend's clean PC.
 * Only a keyed hash of the network is kept, with the country and network (ASN) the operator's
 * databases give it: never the address. Pure: the sightings in, the reasons out.
 */

/**
 * When a network was seen: the game server's or bot's view of the player (`game-connection`, given
 * at PIN creation), the scanner's start, its progress calls, its evidence upload or report, and the
 * player's Discord proof.
 */
export type ScanNetworkStage = 'game-connection' | 'start' | 'progress' | 'upload' | 'proof';
export const SCAN_NETWORK_STAGES: readonly ScanNetworkStage[] = [
  'game-connection',
  'start',
  'progress',
  'upload',
  'proof',
];

/** The stages of the scan itself, whose networks must agree. */
/** The stages of the scanner program, compared with the game connection (the proof is the browser's). */
const SCANNER_STAGES: ReadonlySet<ScanNetworkStage> = new Set(['start', 'progress', 'upload']);

export type AddressFamily = 4 | 6;

/** The network an address belongs to, before it is hashed: what two calls must share to count as one network. */
export interface AddressNetwork {
  family: AddressFamily;
  /** `203.0.113.0/24` or `2001:db8:1:2::/64`. */
  prefix: string;
}

/**
 * An address's network: an IPv4 address's /24, an IPv6 address's /64 (a home line or a server is
 * given at least that much, and picks any address in it), an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 client) as the IPv4 address it
 * carries. Null for anything that is not an address.
 */
export function addressNetwork(address: string): AddressNetwork | null {
  if (isIPv4(address)) return v4Network(address.split('.').map(Number));
  const groups = ipv6Groups(address);
  if (groups === undefined) return null;
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return v4Network([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  return {
    family: 6,
    prefix: `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`,
  };
}

function v4Network(octets: number[]): AddressNetwork {
  return { family: 4, prefix: `${octets.slice(0, 3).join('.')}.0/24` };
}

/** One call's network as stored: the keyed hash of its prefix, and where the databases place it. */
export interface NetworkSighting {
  stage: ScanNetworkStage;
  family: AddressFamily;
  /** Keyed hash of the prefix: equal for equal networks, and nothing more. */
  network: string;
  /** ISO 3166-1 alpha-2; null when no country database is loaded or it has none for the address. */
  country: string | null;
  /** Null when no ASN database is loaded or it has none for the address. */
  asn: number | null;
}

/**
 * Whether two sightings are different networks. Within one address family the prefixes decide. An
 * IPv4 and an IPv6 address of one dual-stack line share no prefix, so across families only the
 * databases can tell networks apart (another ASN, or another country); without them nothing is
 * claimed.
 */
export function differentNetworks(a: NetworkSighting, b: NetworkSighting): boolean {
  if (a.family === b.family) return a.network !== b.network;
  if (a.asn !== null && b.asn !== null) return a.asn !== b.asn;
  if (a.country !== null && b.country !== null) return a.country !== b.country;
  return false;
}

/** The sightings grouped by network, in order of first sight: one representative each. */
function distinctNetworks(sightings: readonly NetworkSighting[]): NetworkSighting[] {
  const seen: NetworkSighting[] = [];
  for (const s of sightings) if (seen.every((r) => differentNetworks(r, s))) seen.push(s);
  return seen;
}

/** `NL AS1136`, `NL`, `AS1136`; null when the databases placed it nowhere (or are not loaded). */
function placeOf(s: NetworkSighting): string | null {
  const parts = [s.country, s.asn === null ? null : `AS${s.asn}`].filter((p) => p !== null);
  return parts.length === 0 ? null : parts.join(' ');
}

const STAGE_WORDS: Record<ScanNetworkStage, string> = {
  'game-connection': 'game',
  start: 'start',
  progress: 'progress',
  upload: 'upload',
  proof: 'Discord proof',
};

/** `(start: NL AS1136, upload: DE AS3320)`, or nothing when the databases placed none of them. */
function placesText(sightings: readonly NetworkSighting[], label: (s: NetworkSighting) => string): string {
  if (sightings.every((s) => placeOf(s) === null)) return '';
  return ` (${sightings.map((s) => `${label(s)}: ${placeOf(s) ?? 'unknown network'}`).join(', ')})`;
}

/**
 * What the networks of a scan say (docs/scanner.md, "Where the scan ran"), oldest sighting first:
 * - `network_changed`: the scanner's own calls (start, progress, upload) came from more than one
 *   network;
 * - `proof_from_other_network`: the player's Discord proof came from another network than the
 *   scanner (a phone on mobile data, or someone else who was sent the link);
 * - `network_differs_from_game`: a scanner call came from another network than the game server or
 *   bot saw the player connect from (only when the PIN was given that address).
 * Words staff understand; never an address or a hash.
 */
export function networkReasonsOf(sightings: readonly NetworkSighting[]): AssuranceReason[] {
  const reasons: AssuranceReason[] = [];
  const scanner = sightings.filter((s) => SCANNER_STAGES.has(s.stage));
  const scan = distinctNetworks(scanner);
  if (scan.length > 1) {
    reasons.push({
      code: 'network_changed',
      level: 'medium',
      text: `The scan's calls came from ${scan.length} different networks${placesText(scan, (s) => STAGE_WORDS[s.stage])}: part of the scan may have run on another machine.`,
    });
  }
  // The proof is a browser's, often a phone's: its own reason, worded so staff can ask the player.
  const proof = sightings.find((s) => s.stage === 'proof');
  const away = proof === undefined ? undefined : scanner.find((s) => differentNetworks(s, proof));
  if (proof !== undefined && away !== undefined) {
    reasons.push({
      code: 'proof_from_other_network',
      level: 'medium',
      text: `The Discord proof came from another network than the scanner${placesText([away, proof], (s) =>
        s === proof ? 'Discord proof' : 'scanner',
      )}: expected if the player signed in on a phone on mobile data; otherwise someone else may have proven this scan.`,
    });
  }
  const game = sightings.find((s) => s.stage === 'game-connection');
  const elsewhere =
    game === undefined
      ? undefined
      : sightings.find((s) => SCANNER_STAGES.has(s.stage) && differentNetworks(game, s));
  if (game !== undefined && elsewhere !== undefined) {
    reasons.push({
      code: 'network_differs_from_game',
      level: 'medium',
      text: `The scan ran on a different network from the game connection${placesText(
        [game, elsewhere],
        (s) => (s === game ? 'game' : 'scan'),
      )}.`,
    });
  }
  return reasons;
}
