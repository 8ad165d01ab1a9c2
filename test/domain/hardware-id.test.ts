import { describe, expect, it } from 'vitest';
import { isHardwareHub, isPlaceholderHwid } from '../../src/domain/hardware-id.js';

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
    // Seen on real machines: the same words without the dot, with a trailing NUL, counting runs.
    'To be filled by O.E.M',
    'TO BE FILLED BY O.E.M.\0',
    'Default string\0',
    '1234567890',
    '03000200-0400-0500-0006-000700080009',
    '\0\0\0\0',
  ])('%j is a placeholder', (value) => {
    expect(isPlaceholderHwid(value)).toBe(true);
  });

  it.each([
    '4C4C4544-0042-3510-8052-B4C04F565432',
    'PF2X7K9B',
    'WD-WCC4N5XYZ123',
    'HWID-DEFAULT',
    '00000001',
    '1234567891',
    '03000200-0400-0500-0006-00070008000A',
    'ÄÖÜ-Серийный',
  ])('%j identifies a machine', (value) => {
    expect(isPlaceholderHwid(value)).toBe(false);
  });
});

describe('hubs', () => {
  it('an ID seen with more accounts than the threshold is a hub; at the threshold it still links', () => {
    expect(isHardwareHub(20, 20)).toBe(false);
    expect(isHardwareHub(21, 20)).toBe(true);
  });
});
