/**
 * The operator's list of VPN and hosting networks (docs/scanner.md, "Country and VPN"): one
 * autonomous system number a line, written `9009` or `AS9009`, with `#` starting a comment (a whole
 * line or the rest of one). Anything else rejects the whole file, so a typo never shortens the list
 * silently.
 */

/** Autonomous system numbers are 32-bit (RFC 6793). */
const MAX_ASN = 4_294_967_295;

const ENTRY = /^(?:AS)?(\d{1,10})$/i;

export class VpnAsnListError extends Error {
  constructor(
    /** 1-based line of the first bad entry. */
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'VpnAsnListError';
  }
}

export function parseVpnAsnList(text: string): ReadonlySet<number> {
  const asns = new Set<number>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const hash = raw.indexOf('#');
    const entry = (hash === -1 ? raw : raw.slice(0, hash)).trim();
    if (entry === '') continue;
    const match = ENTRY.exec(entry);
    const asn = match ? Number(match[1]) : Number.NaN;
    if (!(asn >= 1 && asn <= MAX_ASN))
      throw new VpnAsnListError(
        i + 1,
        `expected an AS number such as 9009 or AS9009, found "${entry.slice(0, 40)}"`,
      );
    asns.add(asn);
  }
  return asns;
}
