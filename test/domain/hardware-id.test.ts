import { describe, expect, it } from 'vitest';
import { isPlaceholderHwid } from '../../src/domain/hardware-id.js';

describe('placeholder hardware IDs', () => {
  it.each([
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '{00000000-0000-0000-0000-000000000000}',
    'To be filled by O.E.M.',
    ' default string ',
    'System Serial Number',
    'None',
    '0',
    '----',
    '   ',
  ])('%j is a placeholder', (value) => {
    expect(isPlaceholderHwid(value)).toBe(true);
  });

  it.each([
    '4C4C4544-0042-3510-8052-B4C04F565432',
    'PF2X7K9B',
    'WD-WCC4N5XYZ123',
    'HWID-DEFAULT',
    '00000001',
  ])('%j identifies a machine', (value) => {
    expect(isPlaceholderHwid(value)).toBe(false);
  });
});
