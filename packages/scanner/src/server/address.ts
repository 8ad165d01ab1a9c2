/**
 * Which server addresses the scanner talks to (docs/scan-client.md): https always; plain http only to
 * this computer (for a local test server) unless the player passes --insecure.
 */
export function checkServerUrl(raw: string, insecure: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `"${raw}" is not a server address. Use the address the community gave you, e.g. https://scan.example.org`,
    );
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol !== 'http:')
    throw new Error(`The server address must start with https:// (got ${url.protocol}).`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (!loopback && !insecure)
    throw new Error(
      `Refusing plain http:// to ${url.host}: what the scan sends could be read or changed on the way. Use https://, or pass --insecure if you really mean it.`,
    );
  return url;
}
