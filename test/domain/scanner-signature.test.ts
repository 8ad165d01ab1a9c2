import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalString,
  EMPTY_BODY_DIGEST,
  parseSignatureHeader,
  replayDigest,
  replayMemoryUntil,
  type SignedParts,
  sessionPart,
  signatureHeader,
  signatureMatches,
  timestampRefusal,
} from '../../src/domain/scanner-signature.js';

const KEY = Buffer.alloc(32, 3);
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const PARTS: SignedParts = {
  method: 'POST',
  path: '/v1/scanner/progress',
  timestamp: '1772366400',
  session: sha('session-token'),
  body: sha('{"progress":40,"statusMessage":"Reading files"}'),
};

/** The signed-call protocol as docs/scanner.md, "Signed calls" writes it. */
describe('the scanner signature', () => {
  it('signs the documented canonical string with HMAC-SHA256, written as v1=<base64url>', () => {
    expect(canonicalString(PARTS)).toBe(
      `scanpin-signature-v1\nPOST\n/v1/scanner/progress\n1772366400\n${PARTS.session}\n${PARTS.body}`,
    );
    const expected = createHmac('sha256', KEY).update(canonicalString(PARTS)).digest('base64url');
    expect(signatureHeader(KEY, PARTS)).toBe(`v1=${expected}`);
    expect(canonicalString({ ...PARTS, method: 'post' })).toBe(canonicalString(PARTS));
  });

  it('uses - for the session of /start and the SHA-256 of nothing for an empty body', () => {
    expect(sessionPart(null)).toBe('-');
    expect(sessionPart('abc')).toBe(sha('abc'));
    expect(EMPTY_BODY_DIGEST).toBe(sha(''));
  });

  it('accepts its own signature and reads only well-formed headers', () => {
    const header = signatureHeader(KEY, PARTS);
    const bytes = parseSignatureHeader(header);
    expect(bytes).not.toBeNull();
    expect(signatureMatches(KEY, PARTS, bytes as Buffer)).toBe(true);
    for (const bad of [
      undefined,
      '',
      header.slice(3),
      `v2=${header.slice(3)}`,
      `${header}=`,
      `${header}A`,
      'v1=***',
    ])
      expect(parseSignatureHeader(bad)).toBeNull();
    expect(signatureMatches(Buffer.alloc(32, 4), PARTS, bytes as Buffer)).toBe(false);
    expect(signatureMatches(KEY, PARTS, Buffer.alloc(31))).toBe(false);
  });

  it('accepts a timestamp within 300 seconds either way and refuses the rest', () => {
    const now = 1_772_366_400_000;
    expect(timestampRefusal('1772366400', now)).toBeNull();
    expect(timestampRefusal(String(1_772_366_400 + 300), now)).toBeNull();
    expect(timestampRefusal(String(1_772_366_400 - 300), now)).toBeNull();
    expect(timestampRefusal(String(1_772_366_400 + 301), now)).toBe('stale');
    expect(timestampRefusal(String(1_772_366_400 - 301), now)).toBe('stale');
    expect(timestampRefusal(undefined, now)).toBe('missing');
    for (const bad of ['1772366400.5', '-5', ' 1772366400', '1e9', '0x10', '9999999999999'])
      expect(timestampRefusal(bad, now)).not.toBeNull();
  });

  it('remembers a signature until its timestamp has left the window', () => {
    expect(replayMemoryUntil('1000')).toBe((1000 + 301) * 1000);
    const sig = Buffer.alloc(32, 1);
    expect(replayDigest('spc_a', sig)).not.toBe(replayDigest('spc_b', sig));
    expect(replayDigest('spc_a', sig)).not.toContain(sig.toString('hex'));
  });

  it('fails for any single-byte change of method, path, timestamp, session or body', () => {
    const part = fc.constantFrom<keyof SignedParts>('method', 'path', 'timestamp', 'session', 'body');
    const text = fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme-ascii' });
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constantFrom('POST', 'GET', 'PUT'),
          path: text,
          timestamp: text,
          session: text,
          body: text,
        }),
        part,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (parts, which, at, flip, key) => {
          const signature = parseSignatureHeader(signatureHeader(key, parts)) as Buffer;
          const bytes = Buffer.from(parts[which], 'utf8');
          const i = at % bytes.length;
          bytes[i] = (bytes[i] as number) ^ flip;
          const changed = { ...parts, [which]: bytes.toString('latin1') };
          // A change the canonical form cannot see (the method's case) is no change.
          fc.pre(canonicalString(changed) !== canonicalString(parts));
          return !signatureMatches(key, changed, signature);
        },
      ),
      { numRuns: 500 },
    );
  });
});
