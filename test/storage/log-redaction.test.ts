import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createLogger,
  loggedPath,
  withoutDiscordIds,
  withoutPathSecrets,
  withoutPinCodes,
  withoutTokens,
} from '../../src/logger.js';

/** Links that carry their secret in the path are logged by route, never with the token. */
describe('request logging', () => {
  it('masks the token of sign-in, share and invite links, and nothing else', () => {
    expect(withoutTokens('/sign-in/abcDEF123_-xyz')).toBe('/sign-in/[token]');
    expect(withoutTokens('/share/abcDEF123_-xyz')).toBe('/share/[token]');
    expect(withoutTokens('/invite/abcDEF123_-xyz')).toBe('/invite/[token]');
    expect(withoutTokens('/v1/pins/A7K3M2P9/status')).toBe('/v1/pins/A7K3M2P9/status');
  });

  it('masks the Discord ID of player routes, and no row id', () => {
    expect(withoutDiscordIds('/app/api/players/123456789012345678')).toBe('/app/api/players/[discord-id]');
    expect(withoutDiscordIds('/v1/users/123456789012345678/risk-score')).toBe(
      '/v1/users/[discord-id]/risk-score',
    );
    expect(withoutDiscordIds('/v1/scanned-users/lookup/12345678901234567890')).toBe(
      '/v1/scanned-users/lookup/[discord-id]',
    );
    expect(withoutDiscordIds('/app/api/keys/2147483647')).toBe('/app/api/keys/2147483647');
  });

  it('masks the PIN code of PIN routes to its first two characters, and no other segment', () => {
    expect(withoutPinCodes('/v1/pins/A7K3M2P9/status')).toBe('/v1/pins/A7******/status');
    expect(withoutPinCodes('/v1/pins/a7k3m2p9/events')).toBe('/v1/pins/a7******/events');
    expect(withoutPinCodes('/app/api/pins/A7K3M2P9/share-links')).toBe('/app/api/pins/A7******/share-links');
    expect(withoutPinCodes('/app/api/pins/A7K3M2P9')).toBe('/app/api/pins/A7******');
    expect(withoutPinCodes('/pins/A7K3M2P9')).toBe('/pins/A7******');
    // A mistyped or malformed code is masked too, whatever its length; the path's own case is kept.
    expect(withoutPinCodes('/v1/pins/A7K3M2P9X/status')).toBe('/v1/pins/A7******/status');
    expect(withoutPinCodes('/V1/PINS/A7K3M2P9/status')).toBe('/V1/PINS/A7******/status');
    expect(withoutPinCodes('/v1/pins/create')).toBe('/v1/pins/create');
    expect(withoutPinCodes('/app/api/pins')).toBe('/app/api/pins');
    expect(withoutPinCodes('/app/api/keys/12')).toBe('/app/api/keys/12');
  });

  it('logs a path without its query string, its tokens, PIN codes and Discord IDs', () => {
    expect(loggedPath('/v1/pins/A7K3M2P9/results?x=A7K3M2P9')).toBe('/v1/pins/A7******/results');
    expect(loggedPath('/scan?pin=A7K3M2P9')).toBe('/scan');
    expect(loggedPath('/share/abcDEF123_-xyz')).toBe('/share/[token]');
    expect(loggedPath('/v1/users/123456789012345678/risk-score')).toBe('/v1/users/[discord-id]/risk-score');
  });

  it("masks paths quoted in an error's text, and leaves its stack frames as they are", () => {
    const err = new Error('could not answer GET /v1/pins/A7K3M2P9/status for /share/abcDEF123_-xyz');
    const masked = withoutPathSecrets(err.stack ?? '');
    expect(masked).toContain('could not answer GET /v1/pins/A7******/status for /share/[token]');
    expect(masked).not.toContain('A7K3M2P9');
    const frame = '\n    at handler (/srv/scanpin/dist/http/routes/pins/status.js:14:5)';
    expect(withoutPathSecrets(`Error: /pins/A7K3M2P9${frame}`)).toBe(`Error: /pins/A7******${frame}`);
  });

  it('applies the mask in the request serializer the server logs with', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', sink);
    const token = 'Qk3secretTOKENvalue0123456789abcdefghijklmno';
    log.info({ req: { method: 'POST', url: `/sign-in/${token}?x=1`, id: 'req-1' } }, 'incoming request');
    log.info({ req: { method: 'GET', url: `/share/${token}`, id: 'req-2' } }, 'incoming request');
    log.info({ req: { method: 'GET', url: '/v1/pins/Q9K3M2P9/status', id: 'req-3' } }, 'incoming request');
    log.error({ err: new Error('failed on /app/api/pins/Q9K3M2P9/timeline') }, 'request failed');
    const all = lines.join('');
    expect(all).not.toContain(token);
    expect(all).not.toContain('K3M2P9');
    expect(all).toContain('/v1/pins/Q9******/status');
    expect(all).toContain('/app/api/pins/Q9******/timeline');
    expect(all).toContain('/sign-in/[token]');
    expect(all).toContain('/share/[token]');
  });
});
