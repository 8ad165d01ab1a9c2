import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountNameFor, safeNextPath } from '../../src/domain/discord-sign-in.js';
import { codeChallengeS256 } from '../../src/lib/pkce.js';

const SITE = 'https://scanpin.example.org';

describe('where a Discord sign-in may land (docs/dashboard.md, "Signing in")', () => {
  it.each(['/', '/pins/A7K3M2P9', '/players/123?tab=bans#top', '/settings?x=%2F%2Fevil'])(
    '%j is kept',
    (path) => {
      expect(safeNextPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/a\\b',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ spaced',
    '/é',
    'relative',
    '',
    `/${'a'.repeat(512)}`,
  ])('%j is dropped', (path) => {
    expect(safeNextPath(path)).toBeNull();
  });

  it('never lets the browser leave the site, whatever the string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/${s}`),
          fc.webUrl(),
        ),
        (raw) => {
          const kept = safeNextPath(raw);
          if (kept !== null) expect(new URL(kept, SITE).origin).toBe(SITE);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('a new account’s name', () => {
  it('is the Discord display name, else the username', () => {
    expect(accountNameFor({ id: '304958172634051234', username: 'user_1', globalName: ' Display ' })).toBe(
      'Display',
    );
    expect(accountNameFor({ id: '304958172634051234', username: 'user_1', globalName: null })).toBe('user_1');
    expect(accountNameFor({ id: '304958172634051234', username: 'user_1', globalName: '   ' })).toBe(
      'user_1',
    );
    expect(accountNameFor({ id: '304958172634051234', username: '', globalName: null })).toBe(
      'Discord user 304958172634051234',
    );
    expect(accountNameFor({ id: '1', username: 'x'.repeat(300), globalName: null })).toHaveLength(100);
  });
});

describe('PKCE S256', () => {
  it('matches the example of RFC 7636, appendix B', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
