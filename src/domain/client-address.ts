/**
 * Which key a client address is counted under in the per-address rate limits (docs/api.md, "Rate
 * limits"). One IPv6 client usually holds a whole /64 (a home line or a virtual server is given one),
 * and picks any address in it at will: counted one address at a time, it would get 2^64 budgets.
 * So an IPv6 address counts as its /64, and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports for an IPv4 client) as the IPv4 address it carries. IPv4 addresses count
 * one by one.
 */
export function clientAddressKey(address: string): string {
  const v4 = ipv4Octets(address);
  if (v4 !== null) return v4.join('.');
  const groups = ipv6Groups(address);
  // Not an address (no socket address at all): counted as it came, never merged with another.
  if (groups === null) return address;
  if (isIpv4Mapped(groups)) return octetsOf(groups[6] ?? 0, groups[7] ?? 0).join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-fA-F]{1,4}$/;

function ipv4Octets(text: string): number[] | null {
  const m = DOTTED.exec(text);
  if (m === null) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address in any RFC 4291 spelling, or null. */
function ipv6Groups(text: string): number[] | null {
  // A zone (`fe80::1%eth0`) names the local interface, not the client.
  const zone = text.indexOf('%');
  let rest = zone === -1 ? text : text.slice(0, zone);
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups spelled another way.
  const lastColon = rest.lastIndexOf(':');
  if (lastColon !== -1 && rest.includes('.', lastColon)) {
    const v4 = ipv4Octets(rest.slice(lastColon + 1));
    if (v4 === null) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    rest = `${rest.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    return groups.every((g) => HEXTET.test(g)) ? groups.map((g) => Number.parseInt(g, 16)) : null;
  };
  const [first = '', second] = halves;
  const left = parse(first);
  if (left === null) return null;
  if (second === undefined) return left.length === 8 ? left : null;
  const right = parse(second);
  if (right === null) return null;
  const missing = 8 - left.length - right.length;
  if (missing < 1) return null;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}

/** `::ffff:a.b.c.d` (RFC 4291, section 2.5.5.2). */
function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
}

function octetsOf(high: number, low: number): number[] {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}
