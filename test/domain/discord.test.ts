import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONNECT_CODE_ALPHABET,
  hasManageServer,
  isDiscordStaff,
  isFreshTimestamp,
  normalizeConnectCode,
  parseScanButtonId,
  SIGNATURE_WINDOW_SECONDS,
  scanButtonId,
  scanMessageRetryDelayMs,
} from '../../src/domain/discord.js';

const STAFF_ROLE = '300000000000000001';
const OTHER_ROLE = '300000000000000002';

describe('Discord staff', () => {
  it('is a member holding a staff role', () => {
    expect(isDiscordStaff({ roles: [OTHER_ROLE, STAFF_ROLE], permissions: '0' }, [STAFF_ROLE])).toBe(true);
    expect(isDiscordStaff({ roles: [OTHER_ROLE], permissions: '0' }, [STAFF_ROLE])).toBe(false);
    expect(isDiscordStaff({ roles: [], permissions: '0' }, [])).toBe(false);
  });

  it('is a member with Manage Server or Administrator, whatever their roles', () => {
    expect(isDiscordStaff({ roles: [], permissions: String(1n << 5n) }, [STAFF_ROLE])).toBe(true);
    expect(isDiscordStaff({ roles: [], permissions: String(1n << 3n) }, [])).toBe(true);
    // Manage Messages (1 << 13) and Moderate Members (1 << 40) are not enough.
    expect(isDiscordStaff({ roles: [], permissions: String((1n << 13n) | (1n << 40n)) }, [])).toBe(false);
  });

  it('reads permission sets of any size and refuses garbage', () => {
    expect(hasManageServer(String((1n << 50n) | (1n << 5n)))).toBe(true);
    expect(hasManageServer('-32')).toBe(false);
    expect(hasManageServer('0x20')).toBe(false);
    expect(hasManageServer('')).toBe(false);
  });
});

describe('signed timestamps', () => {
  const now = 1_800_000_000_000;
  it('are fresh within the window either way, and not beyond it', () => {
    const at = (offsetS: number) => String(Math.floor(now / 1000) + offsetS);
    expect(isFreshTimestamp(at(0), now)).toBe(true);
    expect(isFreshTimestamp(at(-SIGNATURE_WINDOW_SECONDS), now)).toBe(true);
    expect(isFreshTimestamp(at(SIGNATURE_WINDOW_SECONDS), now)).toBe(true);
    expect(isFreshTimestamp(at(-SIGNATURE_WINDOW_SECONDS - 1), now)).toBe(false);
    expect(isFreshTimestamp(at(SIGNATURE_WINDOW_SECONDS + 1), now)).toBe(false);
  });
  it('must be whole unix seconds', () => {
    expect(isFreshTimestamp('1800000000.5', now)).toBe(false);
    expect(isFreshTimestamp('', now)).toBe(false);
    expect(isFreshTimestamp('1800000000000', now)).toBe(false);
  });
});

describe('connect codes', () => {
  it('are read as typed, in any case, with spaces or dashes', () => {
    expect(normalizeConnectCode('abcd-ef23')).toBe('ABCDEF23');
    expect(normalizeConnectCode(' ABCD EF23 ')).toBe('ABCDEF23');
  });
  it('refuse look-alike characters and wrong lengths', () => {
    expect(normalizeConnectCode('ABCDEF2O')).toBeUndefined();
    expect(normalizeConnectCode('ABCDEF21')).toBeUndefined();
    expect(normalizeConnectCode('ABCDEF2')).toBeUndefined();
    expect(normalizeConnectCode('ABCDEF234')).toBeUndefined();
  });
  it('accept every code the alphabet can make', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CONNECT_CODE_ALPHABET), { minLength: 8, maxLength: 8 }),
        (chars) => {
          const code = chars.join('');
          expect(normalizeConnectCode(code.toLowerCase())).toBe(code);
        },
      ),
    );
  });
});

describe('scan buttons', () => {
  it('carry the PIN id and nothing else, and read back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (pinId) => {
        const id = scanButtonId({ action: 'share', pinId });
        expect(id.length).toBeLessThanOrEqual(100);
        expect(parseScanButtonId(id)).toEqual({ action: 'share', pinId });
      }),
    );
    expect(parseScanButtonId('scanpin:delete:1')).toBeUndefined();
    expect(parseScanButtonId('scanpin:share:1:extra')).toBeUndefined();
  });
});

describe('retries of a scan message', () => {
  it('double from 5 s and stop growing at 10 minutes', () => {
    expect([1, 2, 3, 4].map(scanMessageRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(scanMessageRetryDelayMs(50)).toBe(600_000);
  });
});
