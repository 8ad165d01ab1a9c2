import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  LGS_MOUSEFUNCTION_NS,
  LGS_TEXTBLOCK_NS,
  lgsProfileXml,
  razerMacroXml,
  xmbcSettingsXml,
} from './macro-fixtures.js';

/**
 * A Windows `C:` tree with mouse software in its usual places (docs/scan-client.md, "Click macros"):
 * a fast Razer macro, a Logitech Gaming Software profile with a rapid-fire button and a text macro,
 * G HUB's settings database, X-Mouse Button Control settings (and a damaged copy), an AutoHotkey
 * clicker and the Bloody7 folder. `TYPED` is what the macros type, and what their owner wrote in the
 * names and descriptions of macros that only type (a Razer key macro, an LGS text macro, an X-Mouse
 * keystroke mapping, an AutoHotkey loop that only sends keys) and in the descriptions X-Mouse keeps
 * beside clicking mappings: it must never be sent.
 */

export const TYPED = 'typed-secret-4711';

function plant(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

export function plantMacroTree(): { root: string; c: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), 'macros-'));
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
    join(c, 'ProgramData', 'Razer', 'Synapse', 'Accounts', 'RZR_0001', 'Macros', 'login.xml'),
    razerMacroXml(`Login ${TYPED}`, [
      { key: 30, state: 0 },
      { key: 30, state: 1, delay: 5 },
      { key: 28, state: 0, delay: 5 },
      { key: 28, state: 1, delay: 5 },
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
          name: `say ${TYPED}`,
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
      defaultLayer: [
        { button: 'XLeft', keys: `{LMB}{WAITMS:70}{LMB}{WAITMS:70}{LMB}${TYPED}`, desc: TYPED },
        { button: 'Middle', keys: `${TYPED}{ENTER}`, desc: `types ${TYPED}` },
      ],
      application: {
        exe: 'javaw.exe',
        description: `Minecraft ${TYPED}`,
        mappings: [{ button: 'XRight', keys: '{LMB}', desc: TYPED }],
      },
    }),
  );
  plant(join(xmbc, 'XMBCSettings.backup.xml'), '<root><version>2</version><Default></root>');
  plant(
    join(home, 'Documents', 'AutoHotkey', 'clicker.ahk'),
    `F6::\nLoop\n{\n  if !GetKeyState("F6", "T")\n    break\n  Click\n  Sleep 15\n  Send ${TYPED}\n}\nreturn\n`,
  );
  // A loop that only types (a chat spammer): counted, nothing of it kept.
  plant(
    join(home, 'Documents', 'AutoHotkey', 'chat.ahk'),
    `F9::\nLoop\n{\n  Send ${TYPED}{Enter}\n  Sleep 100\n}\nreturn\n`,
  );
  // Windows 11 often keeps the Desktop in OneDrive: a slow timer there (5 clicks a second).
  plant(
    join(home, 'OneDrive', 'Desktop', 'slow.ahk'),
    'SetTimer, Tick, 200\nreturn\n\nTick:\nClick\nreturn\n',
  );
  mkdirSync(join(c, 'Program Files (x86)', 'Bloody7'), { recursive: true });
  return { root, c, home };
}
