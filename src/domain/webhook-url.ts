import { BlockList, isIP, isIPv4 } from 'node:net';
import { inIpv6Prefix, ipv6Groups } from './ipv6-address.js';

/**
 * Which webhook URLs we accept (docs/webhooks.md, "Safety"): https (http only when the operator
 * allows it), no credentials in the URL, and never an address inside the operator's own network,
 * so a customer cannot make our server call its metadata service or a private admin page.
 */

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type UrlShape = { ok: true; url: URL } | { ok: false; reason: string };

export function checkWebhookUrlShape(raw: string, options: { allowHttp: boolean }): UrlShape {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, reason: `The URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The URL is not an absolute URL such as https://bot.example.com/scanpin.' };
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
    return {
      ok: false,
      reason: options.allowHttp
        ? 'The URL must start with https:// or http://.'
        : 'The URL must use https:// (plain http is refused on this server).',
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      reason: 'Put no user name or password in the URL; verify deliveries by their signature instead.',
    };
  }
  if (url.hash !== '') {
    return { ok: false, reason: 'The URL must not have a #fragment: it is never sent to the receiver.' };
  }
  if (url.hostname === '') return { ok: false, reason: 'The URL has no host name.' };
  return { ok: true, url };
}

/** Literal host of a URL without IPv6 brackets, or undefined when it is a DNS name. */
export function literalAddressOf(url: URL): string | undefined {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) === 0 ? undefined : host;
}

/** Names that always mean this machine, whatever DNS says. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

// Special-purpose IPv4 ranges (IANA registry) that are never a customer's public receiver.
const forbiddenIpv4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  forbiddenIpv4.addSubnet(net, prefix, 'ipv4');
}

/**
 * IPv6 ranges refused whatever follows the prefix. The first seven carry an IPv4 address inside
 * them (2001::/23 through Teredo, 2001::/32), which a gateway, a tunnel or the operating system may
 * turn into a connection to that IPv4 address (`::ffff:127.0.0.1` reaches this machine's loopback on
 * a dual-stack socket; a NAT64 or 6to4 prefix can reach the operator's private IPv4 network). They
 * are refused outright, not only when the IPv4 address inside is private: no public receiver needs
 * them, and the IPv4 address itself can be given instead (docs/webhooks.md, "Safety").
 */
const forbiddenIpv6: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['::', 96], // IPv4-compatible (deprecated), also :: (unspecified) and ::1 (loopback)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64, well-known prefix
  ['64:ff9b:1::', 48], // NAT64, local-use prefix
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32, carries IPv4 addresses) among them
  ['2002::', 16], // 6to4
  // Other special-purpose ranges, as for IPv4.
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
const forbiddenIpv6Groups = forbiddenIpv6.map(([net, prefix]) => [ipv6Groups(net) ?? [], prefix] as const);

/** True for loopback, private, link-local and other special-purpose addresses, in either family. */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return forbiddenIpv4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (groups === undefined) return true; // not an address at all: never connect to it
  return forbiddenIpv6Groups.some(([network, prefix]) => inIpv6Prefix(groups, network, prefix));
}
