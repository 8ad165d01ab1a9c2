import { decodeWindowsText } from '../text-encoding.js';
import {
  clickingMacros,
  type MacroFacts,
  type MacroFileReading,
  type MacroRepeat,
  type MacroStep,
} from './macro.js';
import { macroFacts } from './timing.js';
import { attributeOf, childOf, childrenOf, parseXml, type XmlElement } from './xml.js';

/**
 * Logitech Gaming Software profiles (docs/scan-client.md, "Click macros"):
 * `%LOCALAPPDATA%\Logitech\Logitech Gaming Software\profiles\{GUID}.xml`, a `<profiles>` root in the
 * `http://www.logitech.com/Cassandra/2010.7/Profile` namespace. Logitech publishes no description;
 * this follows the public readers and writers of the format (Maxim Paperno's LGKeys
 * `GameProfileParser`, the g13 profile converters on GitHub, and scripts that write LGS macros), read,
 * not copied:
 *
 * - `<profile name guid>` holds `<macros>` and one `<assignments devicecategory>` per device kind;
 * - `<macro name guid hidden repeatmode repeatdelay>` holds one kind of action: `<multikey>` (a
 *   sequence of `<key value direction="down|up"/>` and `<delay milliseconds/>`), `<keystroke>`,
 *   `<mousefunction>` (`<do task/>`), `<textblock>` (typed text: never read), and others;
 *   `repeatmode` `pressed` repeats while the button is held, `toggle` from one press to the next,
 *   `repeatdelay` is the pause between runs in milliseconds;
 * - `<assignment contextid shiftstate macroguid backup>` binds a macro to a button (`G4`) in a mode
 *   (`M1`); `backup="true"` ones are not in use, nor are `hidden` macros (unassigned buttons).
 *
 * How a mouse click is written inside a `<multikey>` sequence is not in any public source found, so
 * elements other than keys and delays are counted as other actions, and a `<mousefunction>` whose
 * task names a click (`…click…`) counts as one click of that button.
 *
 * A macro's `name` is the owner's free text, often what a text or key macro types: a macro that
 * presses no mouse button is only counted (`clickingMacros`), and the collector caps and redacts the
 * name of one that does. The profile's `name` (usually the game's) is capped and redacted too.
 */

function msOf(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** The repeat mode as written, when it is a plain word LGS would write; never other free text. */
function writtenMode(mode: string | null): string {
  return mode !== null && /^[A-Za-z]{1,20}$/.test(mode) ? `"${mode}"` : '(not a plain word)';
}

function repeatOf(mode: string | null): MacroRepeat {
  switch ((mode ?? '').toLowerCase()) {
    case '':
    case 'none':
    case 'off':
      return 'once';
    case 'pressed':
      return 'while-held';
    case 'toggle':
      return 'toggle';
    default:
      return 'unknown';
  }
}

function stepsOf(action: XmlElement): MacroStep[] {
  const kind = action.local.toLowerCase();
  if (kind === 'multikey') {
    return action.children.map((child): MacroStep => {
      const local = child.local.toLowerCase();
      if (local === 'delay') return { kind: 'delay', ms: msOf(attributeOf(child, 'milliseconds')) ?? 0 };
      if (local === 'key' && (attributeOf(child, 'direction') ?? '').toLowerCase() === 'up') {
        return { kind: 'delay', ms: 0 };
      }
      return { kind: 'other' };
    });
  }
  if (kind === 'mousefunction') {
    return childrenOf(action, 'do').map((d): MacroStep => {
      const task = (attributeOf(d, 'task') ?? '').toLowerCase();
      if (!task.includes('click')) return { kind: 'other' };
      const button =
        ['left', 'right', 'middle'].find((b) => task.includes(b)) ??
        (/^[a-z0-9_]{1,30}$/.test(task) ? task : 'other');
      return { kind: 'click', button };
    });
  }
  // A keystroke, text block, shortcut, media key...: one action, its content never read.
  return [{ kind: 'other' }];
}

export function parseLogitechProfile(bytes: Uint8Array): MacroFileReading {
  const parsed = parseXml(decodeWindowsText(bytes).text);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  if (root.local !== 'profiles' && root.local !== 'profile') {
    return { ok: false, reason: `not a Logitech Gaming Software profile: the root is <${root.name}>` };
  }
  const profiles = root.local === 'profile' ? [root] : childrenOf(root, 'profile');
  const macros: MacroFacts[] = [];
  let skipped = 0;
  for (const profile of profiles) {
    const profileName = attributeOf(profile, 'name');
    const bindings = new Map<string, string[]>();
    for (const group of childrenOf(profile, 'assignments')) {
      const device = (attributeOf(group, 'devicecategory') ?? '').replace(/^Logitech\.Gaming\./, '');
      for (const a of childrenOf(group, 'assignment')) {
        const guid = attributeOf(a, 'macroguid');
        if (guid === null || attributeOf(a, 'backup') === 'true') continue;
        const shift = attributeOf(a, 'shiftstate');
        const label = `${device === '' ? '' : `${device} `}${attributeOf(a, 'contextid') ?? '?'}${shift === null ? '' : ` (M${shift})`}`;
        bindings.set(guid, [...(bindings.get(guid) ?? []), label]);
      }
    }
    const list = childOf(profile, 'macros');
    for (const macro of list === undefined ? [] : childrenOf(list, 'macro')) {
      if (attributeOf(macro, 'hidden') === 'true') continue;
      const action = macro.children[0];
      if (action === undefined) {
        skipped += 1;
        continue;
      }
      const repeat = repeatOf(attributeOf(macro, 'repeatmode'));
      const guid = attributeOf(macro, 'guid') ?? '';
      const bound = bindings.get(guid);
      macros.push(
        macroFacts(
          {
            program: 'Logitech Gaming Software',
            profile: profileName,
            name: attributeOf(macro, 'name') ?? '(unnamed)',
            boundTo: bound === undefined ? null : bound.join(', '),
            repeat,
            repeatTimes: null,
            repeatPauseMs: msOf(attributeOf(macro, 'repeatdelay')) ?? 0,
            note:
              repeat === 'unknown'
                ? `repeat mode ${writtenMode(attributeOf(macro, 'repeatmode'))} is not publicly documented`
                : bound === undefined
                  ? 'not assigned to any button in this profile'
                  : null,
          },
          stepsOf(action),
        ),
      );
    }
  }
  return clickingMacros(macros, skipped);
}
