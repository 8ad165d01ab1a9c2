import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { discordPublicKey, isDiscordSignature } from '../../src/lib/discord-signature.js';
import { startServerProcess } from '../support/server-process.js';

/*
 * A weak DISCORD_PUBLIC_KEY is refused at start (docs/discord.md, "Security"): under a small-order
 * key, signatures verify without any secret, so anyone could send interactions as Discord.
 */

const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** The 32-byte little-endian encoding of `y` with the sign bit of x (RFC 8032, 5.1.2). */
function encode(y: bigint, xOdd: boolean): string {
  const bytes = Buffer.alloc(32);
  let v = y;
  for (let i = 0; i < 32; i++) {
    bytes[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (xOdd) bytes[31] = (bytes[31] as number) | 0x80;
  return bytes.toString('hex');
}

/** The eight torsion points, from a point with a torsion part: L·Q has order dividing 8. */
function torsionPoints() {
  for (let seed = 1; ; seed++) {
    let q: InstanceType<typeof ed25519.Point>;
    try {
      q = ed25519.Point.fromHex(encode(BigInt(seed) * 7919n, false));
    } catch {
      continue;
    }
    const t = q.multiplyUnsafe(L - 1n).add(q);
    if (t.double().double().is0()) continue;
    const points = [ed25519.Point.ZERO];
    for (let i = 1; i < 8; i++) points.push((points[i - 1] as typeof t).add(t));
    return points;
  }
}

function weakKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [i, point] of torsionPoints().entries()) {
    const { x, y } = point.toAffine();
    const xOdd = (x & 1n) === 1n;
    keys.set(hex(point.toBytes()), `torsion point ${i}`);
    // The same point written with y + p (only small y fit in 255 bits) and x's sign flipped when x is 0.
    if (y + P < 2n ** 255n) {
      keys.set(encode(y + P, xOdd), `torsion point ${i}, y + p`);
      keys.set(encode(y + P, !xOdd), `torsion point ${i}, y + p, other sign`);
    }
    if (x === 0n) keys.set(encode(y, true), `torsion point ${i}, negative zero`);
  }
  // Every y ≥ p, with either sign: no canonical encoding of any point.
  for (let y = P; y < 2n ** 255n; y++) {
    keys.set(encode(y, false), `y = p + ${y - P}`);
    keys.set(encode(y, true), `y = p + ${y - P}, x odd`);
  }
  // Not a point at all: a y for which no x exists.
  for (let y = 2n; ; y++) {
    try {
      ed25519.Point.fromHex(encode(y, false));
    } catch {
      keys.set(encode(y, false), `y = ${y}, on no point`);
      break;
    }
  }
  // A real key with a torsion part added: on the curve, but no secret key makes it.
  const real = ed25519.Point.fromHex(hex(ed25519.getPublicKey(ed25519.utils.randomSecretKey())));
  keys.set(hex(real.add(torsionPoints()[1] as typeof real).toBytes()), 'a mixed-order point');
  return keys;
}

const config = (key: string) =>
  loadConfig({
    DISCORD_APPLICATION_ID: '123456789012345678',
    DISCORD_PUBLIC_KEY: key,
    DISCORD_BOT_TOKEN: 'bot-token-of-the-test-application',
  });

describe('DISCORD_PUBLIC_KEY at start', () => {
  it('includes the well-known weak keys, all 8 torsion points and the libsodium blocklist among them', () => {
    const keys = weakKeys();
    expect([...keys.values()].filter((why) => /^torsion point \d$/.test(why))).toHaveLength(8);
    // libsodium's blocklist (crypto_core_ed25519 has_small_order), as it lists them.
    for (const known of [
      '0000000000000000000000000000000000000000000000000000000000000000',
      '0100000000000000000000000000000000000000000000000000000000000000',
      '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
      'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
      'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
      'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
      'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
    ])
      expect(keys.has(known), known).toBe(true);
  });

  it('refuses every weak or invalid key, naming the setting', () => {
    for (const [key, why] of weakKeys()) {
      for (const written of [key, key.toUpperCase()]) {
        expect(() => config(written), why).toThrow(ConfigError);
        expect(() => config(written), why).toThrow(/DISCORD_PUBLIC_KEY (is|must)/);
        expect(() => discordPublicKey(written), why).toThrow(/DISCORD_PUBLIC_KEY/);
      }
    }
  });

  it('accepts a real key, and the signatures its secret makes verify', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex');
    expect(config(raw).discordPublicKey).toBe(raw);
    const body = Buffer.from('{"type":1}');
    const signature = sign(null, Buffer.concat([Buffer.from('1700000000'), body]), privateKey).toString(
      'hex',
    );
    expect(isDiscordSignature(discordPublicKey(raw), signature, '1700000000', body)).toBe(true);
  });

  it('stops the server process before it listens, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-weak-key-'));
    let child: ChildProcess | undefined;
    try {
      child = startServerProcess(
        dir,
        {
          PORT: '0',
          DISCORD_APPLICATION_ID: '123456789012345678',
          DISCORD_PUBLIC_KEY: `01${'00'.repeat(31)}`,
          DISCORD_BOT_TOKEN: 'bot-token-of-the-test-application',
        },
        ['ignore', 'ignore', 'pipe'],
      );
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      const started = child;
      // A server that started instead would run on: it is given 15 seconds to stop, then stopped.
      const code = await new Promise<number | null | 'running'>((resolve) => {
        started.on('exit', resolve);
        setTimeout(() => resolve('running'), 15_000).unref();
      });
      expect(code).toBe(2);
      expect(stderr).toContain('DISCORD_PUBLIC_KEY is a small-order Ed25519 point');
    } finally {
      if (child?.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
