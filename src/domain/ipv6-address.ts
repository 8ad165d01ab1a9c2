import { isIPv6 } from 'node:net';

/**
 * An IPv6 address as its eight 16-bit groups, whatever its spelling: `::` anywhere, upper or lower
 * case, zero-padded groups, a trailing dotted IPv4 (`::ffff:127.0.0.1`) and a zone (`fe80::1%eth0`).
 * Deciding on the groups rather than on the text is what keeps `0:0:0:0:0:ffff:7f00:1` and
 * `::FFFF:127.0.0.1` from slipping past a rule written for `::ffff:7f00:1`.
 * Undefined for anything Node does not take as an IPv6 address.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/s, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare.toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) =>
    part === undefined || part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const groups =
    halves.length === 2
      ? [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail]
      : head;
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff))
    return undefined;
  return groups;
}

/** True when the address's first `prefix` bits equal those of `network` (both as eight groups). */
export function inIpv6Prefix(groups: readonly number[], network: readonly number[], prefix: number): boolean {
  for (let i = 0, left = prefix; left > 0; i++, left -= 16) {
    const bits = Math.min(16, left);
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((network[i] ?? 0) & mask)) return false;
  }
  return true;
}
