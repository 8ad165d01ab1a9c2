import { describe, expect, it } from 'vitest';
import { parseBuildManifest } from '../../src/domain/build-manifest.js';
import {
  claimedClientOf,
  clientStatus,
  clientsToRetire,
  parseScannerAccept,
  type ScannerClient,
  startedKindOf,
} from '../../src/domain/scanner-clients.js';

function client(id: number, createdAt: number, extra: Partial<ScannerClient> = {}): ScannerClient {
  return {
    id,
    clientId: `spc_${String(id).padStart(24, '0')}`,
    name: `build ${id}`,
    kind: 'official',
    version: null,
    platform: null,
    createdAt,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    ...extra,
  };
}

/** The rules of known scanner clients (docs/operations.md, "Scanner clients"). */
describe('scanner client rules', () => {
  it('reads SCANNER_ACCEPT as kinds, any as all four, and refuses unknown words', () => {
    expect(parseScannerAccept('any')).toEqual({
      ok: true,
      kinds: ['official', 'third-party', 'development', 'unverified'],
    });
    expect(parseScannerAccept(' Official , development ')).toEqual({
      ok: true,
      kinds: ['official', 'development'],
    });
    expect(parseScannerAccept('official,oficial')).toEqual({ ok: false, unknown: ['oficial'] });
    expect(parseScannerAccept(',')).toMatchObject({ ok: false });
    expect(parseScannerAccept('any,everything')).toEqual({ ok: false, unknown: ['everything'] });
  });

  it('tells who a Scanpin-Client header claims to be', () => {
    expect(claimedClientOf(undefined)).toEqual({ kind: 'unverified' });
    expect(claimedClientOf('')).toEqual({ kind: 'unverified' });
    expect(claimedClientOf('development')).toEqual({ kind: 'development' });
    expect(claimedClientOf('spc_abcdefghijklmnopqrstuvwx')).toEqual({
      kind: 'registered',
      clientId: 'spc_abcdefghijklmnopqrstuvwx',
    });
    expect(claimedClientOf('spc_short')).toEqual({ kind: 'malformed' });
    expect(claimedClientOf('official')).toEqual({ kind: 'malformed' });
  });

  it('retires a client when revoked, or from its expiry on', () => {
    expect(clientStatus({ expiresAt: null, revokedAt: null }, 10)).toBe('active');
    expect(clientStatus({ expiresAt: 11, revokedAt: null }, 10)).toBe('active');
    expect(clientStatus({ expiresAt: 10, revokedAt: null }, 10)).toBe('expired');
    expect(clientStatus({ expiresAt: null, revokedAt: 5 }, 10)).toBe('revoked');
  });

  it('retires the official builds before the current one, keeping earlier expiries and revocations', () => {
    const all = [
      client(1, 100),
      client(2, 200, { expiresAt: 500 }),
      client(3, 300, { expiresAt: 5_000 }),
      client(4, 300, { revokedAt: 301 }),
      client(5, 350, { kind: 'third-party' }),
      client(6, 400),
      client(7, 900),
    ];
    const current = all[5] as ScannerClient;
    expect(clientsToRetire(all, current, 1_000).map((c) => c.id)).toEqual([1, 3]);
  });

  it('reads kinds stored on a PIN, an older scan being unverified', () => {
    expect(startedKindOf('official')).toBe('official');
    expect(startedKindOf(null)).toBe('unverified');
    expect(startedKindOf('bogus')).toBe('unverified');
  });

  it('reads a build manifest and says what is wrong with a bad one, never the key', () => {
    const key = Buffer.alloc(32, 9).toString('base64url');
    const good = {
      clientId: 'spc_abcdefghijklmnopqrstuvwx',
      name: 'scanpin-scan 0.1.0 linux-x64',
      version: '0.1.0',
      platform: 'linux-x64',
      key,
      builtAt: '2026-01-02T03:04:05.000Z',
      sha256: 'ab'.repeat(32),
    };
    expect(parseBuildManifest({ clients: [good] })).toEqual({
      ok: true,
      entries: [{ ...good, sha256: undefined, builtAt: Date.parse(good.builtAt) }].map(
        ({ sha256: _, ...e }) => e,
      ),
    });
    const badKey = parseBuildManifest({ clients: [{ ...good, key: `${key.slice(0, 42)}` }] });
    expect(badKey).toEqual({
      ok: false,
      problem: 'clients[0].key must be 32 bytes in base64url without padding',
    });
    expect(JSON.stringify(badKey)).not.toContain(key.slice(0, 42));
    expect(parseBuildManifest({})).toMatchObject({ ok: false });
    expect(parseBuildManifest({ clients: [{ ...good, builtAt: 'yesterday' }] })).toMatchObject({ ok: false });
  });
});
