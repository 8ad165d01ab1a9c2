import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entryStatus,
  expiryInDays,
  isUsableExpiry,
  MODERATION_TEXT_PATTERN,
  moderationText,
} from '../../src/domain/moderation.js';
import { reachReason, sanctionReach, sharedAtProof } from '../../src/domain/moderation-reach.js';

describe('where an Enterprise’s ban reaches (docs/roles.md, "Moderation")', () => {
  it('is shared only for a proven player with hardware, from an Enterprise whose reports are shared', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(5), fc.boolean(), (proven, hardware, shared) => {
        expect(sanctionReach({ proven, hardware }, shared)).toBe(
          proven && hardware > 0 && shared ? 'shared' : 'enterprise',
        );
      }),
    );
  });

  it('names why it stays the Enterprise’s own: its reports kept inside it, else no proof, else no hardware', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(5), fc.boolean(), (proven, hardware, shared) => {
        const reason = reachReason({ proven, hardware }, shared);
        expect(reason === null).toBe(sanctionReach({ proven, hardware }, shared) === 'shared');
        if (!shared) expect(reason).toBe('not-shared');
        else if (!proven) expect(reason).toBe('unproven');
        else if (hardware === 0) expect(reason).toBe('no-hardware');
        else expect(reason).toBeNull();
      }),
    );
  });

  it('a proof shares only an active ban or warning that reached only its Enterprise', () => {
    const now = 1_000_000;
    const player = { proven: true, hardware: 2 };
    const entry = { kind: 'ban' as const, expiresAt: null, liftedAt: null, reach: 'enterprise' as const };
    expect(sharedAtProof(entry, player, true, now)).toBe(true);
    expect(sharedAtProof({ ...entry, kind: 'warning' }, player, true, now)).toBe(true);
    expect(sharedAtProof(entry, player, false, now)).toBe(false);
    expect(sharedAtProof({ ...entry, liftedAt: now - 1 }, player, true, now)).toBe(false);
    expect(sharedAtProof({ ...entry, expiresAt: now }, player, true, now)).toBe(false);
    expect(sharedAtProof({ ...entry, expiresAt: now + 1 }, player, true, now)).toBe(true);
    expect(sharedAtProof({ ...entry, reach: 'shared' }, player, true, now)).toBe(false);
    expect(sharedAtProof(entry, { proven: true, hardware: 0 }, true, now)).toBe(false);
  });
});

describe('an Enterprise’s entries', () => {
  it('are lifted once lifted, else expired from their expiry on, else active', () => {
    expect(entryStatus({ expiresAt: null, liftedAt: null }, 5)).toBe('active');
    expect(entryStatus({ expiresAt: 6, liftedAt: null }, 5)).toBe('active');
    expect(entryStatus({ expiresAt: 5, liftedAt: null }, 5)).toBe('expired');
    expect(entryStatus({ expiresAt: 4, liftedAt: 3 }, 5)).toBe('lifted');
  });

  it('keep their text trimmed, refusing nothing but white space and what is too long', () => {
    expect(moderationText('  Aimbot\n in ranked  ', 500)).toBe('Aimbot\n in ranked');
    expect(moderationText(' \t\n ', 500)).toBeUndefined();
    expect(moderationText('x'.repeat(501), 500)).toBeUndefined();
    expect(moderationText(` ${'x'.repeat(500)} `, 500)).toBe('x'.repeat(500));
  });

  it('count characters as code points, as the schema’s maxLength does', () => {
    expect(moderationText('😀'.repeat(500), 500)).toBe('😀'.repeat(500));
    expect(moderationText('😀'.repeat(501), 500)).toBeUndefined();
    expect(moderationText(`${'x'.repeat(499)}😀`, 500)).toBe(`${'x'.repeat(499)}😀`);
  });

  it('refuse control characters but line breaks and tabs', () => {
    expect(moderationText('a\r\n\tb', 500)).toBe('a\r\n\tb');
    for (const c of ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(moderationText(`Aimbot${c}`, 500), JSON.stringify(c)).toBeUndefined();
  });

  it('are refused exactly as the routes’ schema refuses them: its pattern, and maxLength in code points', () => {
    const pattern = new RegExp(MODERATION_TEXT_PATTERN, 'u');
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({ unit: fc.constantFrom(' ', '\n', '\t', 'a', '\u0000', '\u0085', '😀', '\u00a0') }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 8 }), (raw, max) => {
        const bySchema = pattern.test(raw) && [...raw].length <= max;
        const kept = moderationText(raw, max);
        // The schema counts spaces around the text, which are then trimmed: it may refuse what the rule keeps.
        if (bySchema) expect(kept).toBeDefined();
        if (!pattern.test(raw)) expect(kept).toBeUndefined();
      }),
    );
  });

  it('end in the future or never; days count from now', () => {
    expect(isUsableExpiry(null, 10)).toBe(true);
    expect(isUsableExpiry(11, 10)).toBe(true);
    expect(isUsableExpiry(10, 10)).toBe(false);
    expect(expiryInDays(undefined, 10)).toBeNull();
    expect(expiryInDays(2, 10)).toBe(10 + 2 * 86_400_000);
  });
});
