import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { plantMacroTree, TYPED } from './support/planted-macros.js';

/**
 * The `macros` source on a planted Windows `C:` tree: each program's folder in its usual place
 * (docs/scan-client.md, "Click macros"), its settings files written by the tests in the vendor's
 * layout, and what the collector makes of them.
 */

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

async function collect() {
  const { root, c, home } = plantMacroTree();
  roots.push(root);
  const sources = await collectEvidence(
    plantedMachine(c, home),
    'Java',
    { sources: ['macros'], hints: [] },
    (p) => displayPath(home, p),
    () => {},
  );
  return sources.macros;
}

describe('click macros on a planted Windows tree', () => {
  it('lists each program found, read or installed only, with the reason', async () => {
    const macros = await collect();
    expect(macros?.status).toBe('collected');
    expect(macros?.programs.map((p) => [p.program, p.macrosRead, p.filesRead, p.filesUnreadable])).toEqual([
      ['Razer Synapse', true, 1, 0],
      ['Logitech Gaming Software', true, 1, 0],
      ['Logitech G HUB', false, 0, 0],
      ['X-Mouse Button Control', true, 1, 1],
      ['AutoHotkey', true, 2, 0],
      ['Bloody', false, 0, 0],
    ]);
    expect(macros?.programs.find((p) => p.program === 'Logitech G HUB')?.reason).toContain('SQLite');
    expect(macros?.programs.find((p) => p.program === 'AutoHotkey')?.folder).toBeNull();
    expect(macros?.unreadable).toEqual([
      {
        program: 'X-Mouse Button Control',
        path: '~/AppData/Roaming/Highresolution Enterprises/XMouseButtonControl/XMBCSettings.backup.xml',
        reason: expect.stringContaining('not well-formed XML'),
      },
    ]);
  });

  it('reads the macros with their timing, and flags only those faster than a person', async () => {
    const macros = await collect();
    const summary = macros?.items.map((m) => [m.program, m.name, m.boundTo, m.clicksPerSecond, m.fastClicks]);
    expect(summary).toEqual([
      ['Razer Synapse', 'AutoClick', null, 62.5, true],
      ['Logitech Gaming Software', 'Rapid', 'Mouse.G502 G4 (M1)', 33.3, true],
      ['Logitech Gaming Software', 'Chat', 'Mouse.G502 G5 (M1)', null, false],
      ['X-Mouse Button Control', 'simulated keystrokes', 'Layer 1 / XLeft', 14.3, false],
      ['AutoHotkey', 'loop at line 2', 'F6', 66.7, true],
      ['AutoHotkey', 'timer Tick (line 1)', null, 5, false],
    ]);
    expect(macros?.items[0]?.file).toMatch(
      /\/ProgramData\/Razer\/Synapse\/Accounts\/RZR_0001\/Macros\/autoclick\.xml$/,
    );
    expect(macros?.items.at(-1)?.file).toBe('~/OneDrive/Desktop/slow.ahk');
  });

  it('never sends what a macro types', async () => {
    expect(JSON.stringify(await collect())).not.toContain(TYPED);
  });
});
