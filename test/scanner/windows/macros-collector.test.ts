import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { razerMacroXml } from './support/macro-fixtures.js';
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

async function collect(extra?: (c: string) => void) {
  const { root, c, home } = plantMacroTree();
  roots.push(root);
  extra?.(c);
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
    expect(
      macros?.programs.map((p) => [
        p.program,
        p.macrosRead,
        p.filesRead,
        p.filesUnreadable,
        p.macrosWithoutClicks,
      ]),
    ).toEqual([
      ['Razer Synapse', true, 2, 0, 1],
      ['Logitech Gaming Software', true, 1, 0, 1],
      ['Logitech G HUB', false, 0, 0, 0],
      ['X-Mouse Button Control', true, 1, 1, 1],
      ['AutoHotkey', true, 3, 0, 1],
      ['Bloody', false, 0, 0, 0],
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
    const summary = macros?.items.map((m) => [
      m.program,
      m.profile,
      m.name,
      m.boundTo,
      m.clicksPerSecond,
      m.fastClicks,
    ]);
    // Only macros that press a mouse button: the key and text macros are counted per program above.
    expect(summary).toEqual([
      ['Razer Synapse', null, 'AutoClick', null, 62.5, true],
      ['Logitech Gaming Software', 'Bedwars', 'Rapid', 'Mouse.G502 G4 (M1)', 33.3, true],
      ['X-Mouse Button Control', 'Default', 'simulated keystrokes', 'Layer 1 / XLeft', 14.3, false],
      ['X-Mouse Button Control', 'javaw.exe', 'simulated keystrokes', 'Layer 1 / XRight', null, false],
      ['AutoHotkey', 'clicker.ahk', 'loop at line 2', 'F6', 66.7, true],
      ['AutoHotkey', 'slow.ahk', 'timer Tick (line 1)', null, 5, false],
    ]);
    expect(macros?.items[0]?.file).toMatch(
      /\/ProgramData\/Razer\/Synapse\/Accounts\/RZR_0001\/Macros\/autoclick\.xml$/,
    );
    expect(macros?.items.at(-1)?.file).toBe('~/OneDrive/Desktop/slow.ahk');
  });

  it('never sends what a macro types, nor the names and descriptions of macros that only type', async () => {
    expect(JSON.stringify(await collect())).not.toContain(TYPED);
  });

  it("cuts a clicking macro's name short and redacts it", async () => {
    const macros = await collect((c) => {
      const dir = join(c, 'ProgramData', 'Razer', 'Synapse', 'Accounts', 'RZR_0001', 'Macros');
      mkdirSync(dir, { recursive: true });
      const click = [
        { mouse: 1, state: 0 as const },
        { mouse: 1, state: 1 as const, delay: 100 },
      ];
      writeFileSync(join(dir, 'named.xml'), razerMacroXml('click then password=hunter2', click));
      writeFileSync(join(dir, 'long.xml'), razerMacroXml(`clicker ${'x'.repeat(300)}`, click));
    });
    const names = macros?.items.filter((m) => m.program === 'Razer Synapse').map((m) => m.name);
    expect(names).toEqual(['AutoClick', `clicker ${'x'.repeat(55)}…`, 'click then password=<redacted>']);
    expect(JSON.stringify(macros)).not.toContain('hunter2');
  });
});
