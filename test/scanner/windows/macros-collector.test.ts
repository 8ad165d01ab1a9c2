import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import {
  LGS_MOUSEFUNCTION_NS,
  LGS_TEXTBLOCK_NS,
  lgsProfileXml,
  razerMacroXml,
  xmbcSettingsXml,
} from './support/macro-fixtures.js';

/**
 * The `macros` source on a planted Windows `C:` tree: each program's folder in its usual place
 * (docs/scan-client.md, "Click macros"), its settings files written by the tests in the vendor's
 * layout, and what the collector makes of them.
 */

const TYPED = 'typed-secret-4711';
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function plant(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

function plantTree() {
  const root = mkdtempSync(join(tmpdir(), 'macros-'));
  roots.push(root);
  const c = join(root, 'C');
  const home = join(c, 'Users', 'Player');
  const local = join(home, 'AppData', 'Local');
  const roaming = join(home, 'AppData', 'Roaming');
  plant(
    join(c, 'ProgramData', 'Razer', 'Synapse', 'Accounts', 'RZR_0001', 'Macros', 'autoclick.xml'),
    razerMacroXml('AutoClick', [
      { loop: 'start', times: 50 },
      { mouse: 1, state: 0 },
      { mouse: 1, state: 1, delay: 8 },
      { pauseMs: 8 },
      { loop: 'end', times: 50 },
    ]),
  );
  plant(
    join(c, 'ProgramData', 'Razer', 'Synapse', 'Settings.xml'),
    '<Settings><Theme>dark</Theme></Settings>',
  );
  plant(
    join(
      local,
      'Logitech',
      'Logitech Gaming Software',
      'profiles',
      '{5A7E4F2B-0000-4000-8000-000000000001}.xml',
    ),
    lgsProfileXml(
      'Bedwars',
      [
        {
          guid: '{F1}',
          name: 'Rapid',
          repeatmode: 'pressed',
          repeatdelay: 30,
          action: `<mousefunction xmlns="${LGS_MOUSEFUNCTION_NS}"><do task="leftclick"/></mousefunction>`,
        },
        {
          guid: '{F2}',
          name: 'Chat',
          action: `<textblock xmlns="${LGS_TEXTBLOCK_NS}"><text>${TYPED}</text></textblock>`,
        },
      ],
      [
        { contextid: 'G4', shiftstate: 1, macroguid: '{F1}' },
        { contextid: 'G5', shiftstate: 1, macroguid: '{F2}' },
      ],
    ),
  );
  plant(join(local, 'LGHUB', 'settings.db'), new Uint8Array(64));
  const xmbc = join(roaming, 'Highresolution Enterprises', 'XMouseButtonControl');
  plant(
    join(xmbc, 'XMBCSettings.xml'),
    xmbcSettingsXml({
      defaultLayer: [{ button: 'XLeft', keys: `{LMB}{WAITMS:70}{LMB}{WAITMS:70}{LMB}${TYPED}` }],
    }),
  );
  plant(join(xmbc, 'XMBCSettings.backup.xml'), '<root><version>2</version><Default></root>');
  plant(
    join(home, 'Documents', 'AutoHotkey', 'clicker.ahk'),
    `F6::\nLoop\n{\n  if !GetKeyState("F6", "T")\n    break\n  Click\n  Sleep 15\n  Send ${TYPED}\n}\nreturn\n`,
  );
  mkdirSync(join(c, 'Program Files (x86)', 'Bloody7'), { recursive: true });
  return { c, home };
}

async function collect() {
  const { c, home } = plantTree();
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
      ['AutoHotkey', true, 1, 0],
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
    ]);
    expect(macros?.items[0]?.file).toMatch(
      /\/ProgramData\/Razer\/Synapse\/Accounts\/RZR_0001\/Macros\/autoclick\.xml$/,
    );
    expect(macros?.items.at(-1)?.file).toBe('~/Documents/AutoHotkey/clicker.ahk');
  });

  it('never sends what a macro types', async () => {
    expect(JSON.stringify(await collect())).not.toContain(TYPED);
  });
});
