import { decodeWindowsText } from '../text-encoding.js';
import { clickingMacros, type MacroFileReading, type MacroStep } from './macro.js';
import { macroFacts } from './timing.js';
import { childOf, childrenOf, childText, parseXml, type XmlElement } from './xml.js';

/**
 * Razer Synapse macro files (docs/scan-client.md, "Click macros"): a `<Macro>` root with `<Name>`
 * and `<MacroEvents>`, one `<MacroEvent>` per step, as Synapse 2 and 3 export them. Razer publishes
 * no description; the layout below is the one public importers agree on (XMacroBridge's
 * `RazerMacroXmlImporter`, MacroController's `RazerSynapseMacroImporter`, afarrukh125's
 * RazerHorizontalFixer), read, not copied:
 *
 * - `<Type>` 1: a key, `<KeyEvent><Makecode/><State/>` (counted, never kept);
 * - `<Type>` 2: a mouse button, `<MouseEvent><MouseButton/><State/>`, State 0 down, 1 up; buttons are
 *   numbered from 0 (left 0, right 1) when `<Version>` is 4 or any button is 0, else from 1;
 * - `<Delay>` inside an event: milliseconds before it;
 * - `<Type>` 0: a pause of `<Number>` seconds;
 * - `<Type>` 6: a pause of `<Delay>` milliseconds, or a loop boundary `<LoopEvent><State>` (0 start,
 *   1 end) repeated `<Number>` times;
 * - other types (mouse moves, calls of other macros): counted as other actions.
 *
 * The macro file does not say which button runs it or whether it repeats while held: Synapse keeps
 * that in the button's assignment, so `repeat` is `unknown` and a loop inside the macro is what
 * shows a repeat here.
 *
 * The macro's `<Name>` is the owner's free text, often what a keys-only macro types: a macro that
 * presses no mouse button is only counted (`clickingMacros`), and the collector caps and redacts the
 * name of one that does.
 */

const MAX_LOOP_TIMES = 1_000_000;

function buttonName(code: number, zeroBased: boolean): string {
  const left = zeroBased ? 0 : 1;
  if (code === left) return 'left';
  if (code === left + 1) return 'right';
  return `button ${code}`;
}

function intOf(text: string | null): number | null {
  if (text === null || !/^-?\d+$/.test(text)) return null;
  return Number(text);
}

interface Frame {
  steps: MacroStep[];
  times: number | null;
}

export function parseRazerMacro(bytes: Uint8Array): MacroFileReading {
  const parsed = parseXml(decodeWindowsText(bytes).text);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  if (root.local !== 'Macro') return { ok: false, reason: `not a Razer macro: the root is <${root.name}>` };
  const container = childOf(root, 'MacroEvents');
  if (container === undefined) return { ok: false, reason: 'not a Razer macro: no <MacroEvents>' };
  const events = childrenOf(container, 'MacroEvent');
  const zeroBased =
    childText(root, 'Version') === '4' ||
    events.some((e) => childText(childOf(e, 'MouseEvent') ?? e, 'MouseButton') === '0');

  const stack: Frame[] = [{ steps: [], times: 1 }];
  let skipped = 0;
  const push = (step: MacroStep) => stack.at(-1)?.steps.push(step);
  for (const event of events) {
    const type = childText(event, 'Type');
    const before = type === '6' ? null : intOf(childText(event, 'Delay'));
    if (before !== null && before > 0) push({ kind: 'delay', ms: before });
    const step = stepOf(event, type, zeroBased);
    if (step === 'loop-start') {
      const times = intOf(childText(event, 'Number'));
      stack.push({ steps: [], times: times === null || times < 1 ? null : Math.min(times, MAX_LOOP_TIMES) });
    } else if (step === 'loop-end') {
      const frame = stack.length > 1 ? stack.pop() : undefined;
      if (frame === undefined) skipped += 1;
      else push({ kind: 'loop', times: frame.times, body: frame.steps });
    } else if (step === null) {
      skipped += 1;
    } else {
      push(step);
    }
  }
  // An unclosed loop still repeats what it holds: close it rather than drop its steps.
  while (stack.length > 1) {
    const frame = stack.pop() as Frame;
    push({ kind: 'loop', times: frame.times, body: frame.steps });
  }
  const name = childText(root, 'Name') ?? '';
  const facts = macroFacts(
    {
      program: 'Razer Synapse',
      profile: null,
      name: name === '' ? '(unnamed)' : name,
      boundTo: null,
      repeat: 'unknown',
      repeatTimes: null,
      repeatPauseMs: 0,
      note: 'the button it is assigned to and its repeat mode are kept by Synapse outside the macro file',
    },
    stack[0]?.steps ?? [],
  );
  return clickingMacros([facts], skipped);
}

function stepOf(
  event: XmlElement,
  type: string | null,
  zeroBased: boolean,
): MacroStep | 'loop-start' | 'loop-end' | null {
  switch (type) {
    case '0': {
      const seconds = Number(childText(event, 'Number') ?? 'x');
      return Number.isFinite(seconds) && seconds >= 0
        ? { kind: 'delay', ms: Math.round(seconds * 1000) }
        : null;
    }
    case '2': {
      const mouse = childOf(event, 'MouseEvent');
      const code = mouse === undefined ? null : intOf(childText(mouse, 'MouseButton'));
      const state = mouse === undefined ? null : childText(mouse, 'State');
      if (code === null || (state !== '0' && state !== '1')) return null;
      const button = buttonName(code, zeroBased);
      return state === '0' ? { kind: 'mouse-down', button } : { kind: 'mouse-up', button };
    }
    case '6': {
      const loop = childOf(event, 'LoopEvent');
      if (loop !== undefined) {
        const state = childText(loop, 'State');
        return state === '0' ? 'loop-start' : state === '1' ? 'loop-end' : null;
      }
      const ms = intOf(childText(event, 'Delay'));
      return ms === null || ms < 0 ? null : { kind: 'delay', ms };
    }
    case '1':
      // A key: only its press is an action; the key itself is never read.
      return childText(childOf(event, 'KeyEvent') ?? event, 'State') === '1'
        ? { kind: 'delay', ms: 0 }
        : { kind: 'other' };
    default:
      return { kind: 'other' };
  }
}
