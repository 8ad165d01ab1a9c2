import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, withoutDiscordIds, withoutTokens } from '../../src/logger.js';

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
    const all = lines.join('');
    expect(all).not.toContain(token);
    expect(all).toContain('/sign-in/[token]');
    expect(all).toContain('/share/[token]');
  });
});
