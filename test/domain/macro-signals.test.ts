import type { MacroEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { macroSignals } from '../../src/domain/signals/macro-signals.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { evidence, onWindows, withSections } from '../support/evidence.js';

/** `fast-click-macro` (docs/scan-client.md, "Click macros"), on and off. */

function macro(overrides: Partial<MacroEvidence>): MacroEvidence {
  return {
    program: 'Logitech Gaming Software',
    file: '~/AppData/Local/Logitech/Logitech Gaming Software/profiles/{A}.xml',
    profile: 'Bedwars',
    name: 'Rapid',
    boundTo: 'Mouse.G502 G4 (M1)',
    clicks: 1,
    buttons: ['left'],
    otherActions: 0,
    shortestClickIntervalMs: 30,
    clicksPerSecond: 33.3,
    repeat: 'while-held',
    repeatTimes: null,
    fastClicks: true,
    note: null,
    ...overrides,
  };
}

function doc(items: MacroEvidence[], status: 'collected' | 'failed' = 'collected'): EvidenceDocument {
  return withSections(onWindows(evidence('n'.repeat(16))), {
    macros: { status, reason: null, programs: [], items, unreadable: [] },
  });
}

describe('fast-click-macro', () => {
  it('is raised for a macro the scanner measured faster than a person, pointing at it', () => {
    const signals = [...macroSignals(doc([macro({ fastClicks: false, name: 'Slow' }), macro({})]))];
    expect(signals).toEqual([
      {
        code: 'fast-click-macro',
        proves: 'possession',
        where:
          'Logitech Gaming Software macro "Rapid" on Mouse.G502 G4 (M1): 1 click per run, 33.3 clicks per second, repeating while held (~/AppData/Local/Logitech/Logitech Gaming Software/profiles/{A}.xml)',
        ref: { source: 'macros', index: 1, value: 'Rapid' },
      },
    ]);
    expect(windowsSignals(doc([macro({})])).map((s) => s.code)).toContain('fast-click-macro');
  });

  it('words a macro with no pause between clicks and a fixed repeat count', () => {
    const [signal] = macroSignals(
      doc([
        macro({
          program: 'AutoHotkey',
          file: '~/Documents/clicker.ahk',
          name: 'loop at line 3',
          boundTo: null,
          clicks: 2,
          shortestClickIntervalMs: 0,
          clicksPerSecond: null,
          repeat: 'times',
          repeatTimes: 500,
        }),
      ]),
    );
    expect(signal?.where).toBe(
      'AutoHotkey macro "loop at line 3": 2 clicks per run, no pause between clicks, 500 times (~/Documents/clicker.ahk)',
    );
  });

  it('is not raised for slow macros, a section that failed, or a document without the section', () => {
    expect([...macroSignals(doc([macro({ fastClicks: false })]))]).toEqual([]);
    expect([...macroSignals(doc([macro({})], 'failed'))]).toEqual([]);
    expect([...macroSignals(onWindows(evidence('n'.repeat(16))))]).toEqual([]);
  });
});
