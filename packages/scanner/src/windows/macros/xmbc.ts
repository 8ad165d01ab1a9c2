import { decodeWindowsText } from '../text-encoding.js';
import type { MacroFacts, MacroFileReading, MacroStep } from './macro.js';
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
 * attributes, whose values no public source documents: they are given as written in the note and
 * `repeat` is `unknown`.
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
  if (app !== undefined) {
    const exe = attributeOf(app, 'Name');
    const description = attributeOf(app, 'Description');
    if (description !== null && description !== '' && exe !== null && exe !== '')
      return `${description} (${exe})`;
    return description || exe || 'application profile';
  }
  return path.some((e) => e.local.toLowerCase() === 'default') ? 'Default' : null;
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
    const keyAction = attributeOf(element, 'keyaction');
    const keyRepeat = attributeOf(element, 'keyrepeat');
    const description = attributeOf(element, 'desc');
    const settings = [
      keyAction === null ? null : `keyaction=${keyAction}`,
      keyRepeat === null ? null : `keyrepeat=${keyRepeat}`,
    ]
      .filter((s) => s !== null)
      .join(', ');
    macros.push(
      macroFacts(
        {
          program: 'X-Mouse Button Control',
          profile: profileOf(path),
          name:
            description !== null && description.trim() !== '' ? description.trim() : 'simulated keystrokes',
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
  return { ok: true, macros, skipped: 0 };
}
