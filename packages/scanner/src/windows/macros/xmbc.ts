import { decodeWindowsText } from '../text-encoding.js';
import { clickingMacros, type MacroFacts, type MacroFileReading, type MacroStep } from './macro.js';
import { macroFacts } from './timing.js';
import { attributeOf, descendantsOf, parseXml, type XmlElement } from './xml.js';

/**
 * X-Mouse Button Control settings (docs/scan-client.md, "Click macros"), kept in
 * `%APPDATA%\Highresolution Enterprises\XMouseButtonControl\` as XML with a `<root>` element. The
 * layout follows XMacroBridge's public `XmbcSettingsImporter` and `XmbcMacroTextImporter`, read, not
 * copied; the simulated-keystroke tokens are those of Highresolution's X-Mouse Button Control user
 * guide:
 *
 * - a button's mapping is an element named after the button (`Left`, `Right`, `Middle`, `XLeft`, …)
 *   with `action="28"` for "simulated keystrokes" and the keystrokes in its `keys` attribute;
 * - it sits under `<Default>` or an `<Application Name Description>` profile, and under `LayerN`
 *   for the layers after the first; a mapping under `<chords>` is the chord of its parent button;
 * - in `keys`, `{LMB}`/`{RMB}` click a button, `{LMBD}`/`{LMBU}` (and `R…`) press and release it,
 *   `{WAITMS:n}` waits n ms; every other token or character is a key, counted and never kept.
 *
 * How often the keystrokes repeat while a button is held is set by the `keyaction` and `keyrepeat`
 * attributes, whose values no public source documents: they are given in the note when they are
 * numbers, and `repeat` is `unknown`.
 *
 * Free text the owner writes is never kept: a mapping's `desc` (people describe a keystroke mapping
 * by what it types) and an application profile's `Description` (editable) are left out; the profile
 * is named by its program file (`Name`, e.g. `javaw.exe`). Mappings that press no mouse button are
 * only counted (`clickingMacros`).
 */

const CLICK_TOKENS: Record<string, MacroStep> = {
  LMB: { kind: 'click', button: 'left' },
  RMB: { kind: 'click', button: 'right' },
  LMBD: { kind: 'mouse-down', button: 'left' },
  RMBD: { kind: 'mouse-down', button: 'right' },
  LMBU: { kind: 'mouse-up', button: 'left' },
  RMBU: { kind: 'mouse-up', button: 'right' },
};

/** The steps of a `keys` text: clicks and waits, every other key one uncounted-content action. */
export function xmbcKeySteps(keys: string): MacroStep[] {
  const steps: MacroStep[] = [];
  for (let i = 0; i < keys.length; ) {
    if (keys[i] === '{') {
      const close = keys.indexOf('}', i + 1);
      if (close < 0) break;
      const token = keys.slice(i + 1, close).toUpperCase();
      i = close + 1;
      const click = CLICK_TOKENS[token];
      const wait = /^WAITMS:(\d+)$/.exec(token);
      if (click !== undefined) steps.push(click);
      else if (wait !== null) steps.push({ kind: 'delay', ms: Number(wait[1]) });
      // PRESS/RELEASE only say how the next key is sent: not an action of their own.
      else if (token !== 'PRESS' && token !== 'RELEASE') steps.push({ kind: 'other' });
      continue;
    }
    if (keys[i] !== '\r' && keys[i] !== '\n') steps.push({ kind: 'other' });
    i += 1;
  }
  return steps;
}

function profileOf(path: XmlElement[]): string | null {
  const app = path.find((e) => e.local.toLowerCase() === 'application');
  if (app !== undefined) return attributeOf(app, 'Name')?.trim() || 'application profile';
  return path.some((e) => e.local.toLowerCase() === 'default') ? 'Default' : null;
}

/** An undocumented repeat setting as written, when it is a number (it is one in every file seen). */
function setting(name: string, value: string | null): string | null {
  if (value === null) return null;
  return /^\d{1,6}$/.test(value) ? `${name}=${value}` : `${name} not a number`;
}

function bindingOf(mapping: XmlElement, path: XmlElement[]): string {
  const layer = path.map((e) => /^layer([1-9])$/i.exec(e.local)).find((m) => m !== null);
  const layerLabel = `Layer ${layer === undefined || layer === null ? 1 : Number(layer[1]) + 1}`;
  const parent = path.at(-1);
  const grand = path.at(-2);
  if (parent !== undefined && parent.local.toLowerCase() === 'chords' && grand !== undefined) {
    return `${layerLabel} / chord ${grand.local}+${mapping.local}`;
  }
  return `${layerLabel} / ${mapping.local}`;
}

export function parseXmbcSettings(bytes: Uint8Array): MacroFileReading {
  const parsed = parseXml(decodeWindowsText(bytes).text);
  if (!parsed.ok) return parsed;
  if (parsed.root.local.toLowerCase() !== 'root') {
    return { ok: false, reason: `not X-Mouse Button Control settings: the root is <${parsed.root.name}>` };
  }
  const macros: MacroFacts[] = [];
  for (const { element, path } of descendantsOf(parsed.root)) {
    if (attributeOf(element, 'action') !== '28') continue;
    const settings = [
      setting('keyaction', attributeOf(element, 'keyaction')),
      setting('keyrepeat', attributeOf(element, 'keyrepeat')),
    ]
      .filter((s) => s !== null)
      .join(', ');
    macros.push(
      macroFacts(
        {
          program: 'X-Mouse Button Control',
          profile: profileOf(path),
          name: 'simulated keystrokes',
          boundTo: bindingOf(element, path),
          repeat: 'unknown',
          repeatTimes: null,
          repeatPauseMs: 0,
          note: `how it repeats is set by values no public source documents${settings === '' ? '' : ` (${settings})`}${
            attributeOf(element, 'active') === 'false' ? '; the mapping is switched off' : ''
          }`,
        },
        xmbcKeySteps(attributeOf(element, 'keys') ?? ''),
      ),
    );
  }
  return clickingMacros(macros, 0);
}
