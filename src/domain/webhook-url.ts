import { BlockList, isIP } from 'node:net';

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

// Special-purpose ranges (IANA registries for IPv4 and IPv6) that are never a customer's public receiver.
const forbidden = new BlockList();
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
  forbidden.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: hides an IPv4 address
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (`::ffff:a.b.c.d`), if any. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (m === null) return undefined;
  if (m[1] !== undefined) return m[1];
  const hi = Number.parseInt(m[2] ?? '0', 16);
  const lo = Number.parseInt(m[3] ?? '0', 16);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** True for loopback, private, link-local and other special-purpose addresses, in either family. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return forbidden.check(v4, 'ipv4');
    return forbidden.check(address, 'ipv6');
  }
  return true; // not an address at all: never connect to it
}
