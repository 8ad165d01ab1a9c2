import { decodeWindowsText } from '../text-encoding.js';
import {
  clickingMacros,
  type MacroFacts,
  type MacroFileReading,
  type MacroRepeat,
  type MacroStep,
} from './macro.js';
import { macroFacts } from './timing.js';

/**
 * AutoHotkey scripts (`.ahk`), read as text with a heuristic (docs/scan-client.md, "Click
 * macros"): AutoHotkey is a programming language, so what a script does cannot be known without
 * running it. What is read is the shape the language's documentation (autohotkey.com/docs:
 * `Click`, `MouseClick`, `Send`, `Sleep`, `Loop`, `While`, `SetTimer`, hotkeys `Key::`) gives an
 * auto-clicker: a loop or a timer that clicks, and the pauses written in it.
 *
 * - Each outermost loop holding a click is one macro; `Loop N` runs N times, a bare `Loop` or
 *   `While true` until stopped, `While GetKeyState(…)` while a key is held, `Loop %n%` a number of
 *   times known at run time; other loops `unknown`. All but `Loop 1` are timed across their passes.
 * - Each `SetTimer Label, Period` (Period > 0) whose label or function clicks is one macro repeating
 *   every Period ms (counted as a pause of Period after each run: never shorter than the real one).
 * - A `Sleep` of a variable set by `Random` or an assignment uses the smallest value the script gives
 *   it; a pause the text does not fix makes the timing unknown rather than fast.
 * - The hotkey the loop or timer sits under is its binding.
 *
 * Only clicks and pauses are measured. What `Send` types is never kept: each such statement counts
 * as one other action. A loop or timer that clicks nothing is only counted (`withoutClicks`: the
 * outermost such loop once, each such timer once). Code built at run time (`%var%` commands, `#Include`, DllCall of SendInput) is
 * not followed: a script can hide a clicker from this reading, which the docs say.
 */

type Node =
  | { type: 'stmt'; line: number; text: string }
  | { type: 'block'; line: number; header: string | null; children: Node[] };

interface Token {
  line: number;
  text: string;
}

/** Lines without comments, each split so that leading `}` and a trailing `{` are tokens of their own. */
function tokensOf(source: string): Token[] {
  const tokens: Token[] = [];
  let inBlockComment = false;
  source.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    let text = raw.trim();
    if (inBlockComment) {
      if (text.startsWith('*/') || text.endsWith('*/')) inBlockComment = false;
      return;
    }
    if (text.startsWith('/*')) {
      inBlockComment = !text.endsWith('*/');
      return;
    }
    // A `;` starts a comment at the line's start or after a space or tab (the AutoHotkey rule).
    text = text.replace(/(^|[ \t]);.*$/, '').trim();
    while (text.startsWith('}')) {
      tokens.push({ line, text: '}' });
      text = text.slice(1).trim();
    }
    if (text === '') return;
    if (text.endsWith('{') && !text.endsWith('`{')) {
      const head = text.slice(0, -1).trim();
      if (head !== '') tokens.push({ line, text: head });
      tokens.push({ line, text: '{' });
      return;
    }
    const hotkey = /^([^\s:;"'`]+?)::(.+)$/.exec(text);
    if (hotkey !== null && !text.startsWith(':')) {
      tokens.push({ line, text: `${hotkey[1]}::` });
      tokens.push({ line, text: (hotkey[2] ?? '').trim() });
      return;
    }
    tokens.push({ line, text });
  });
  return tokens;
}

const LOOP_HEADER = /^(loop|while|for)\b/i;

function parseNodes(tokens: Token[], start: number, inBlock: boolean, onlyOne: boolean): [Node[], number] {
  const nodes: Node[] = [];
  let i = start;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    if (token.text === '}') {
      if (inBlock) return [nodes, i + 1];
      i += 1;
      continue;
    }
    if (token.text === '{') {
      const [children, next] = parseNodes(tokens, i + 1, true, false);
      nodes.push({ type: 'block', line: token.line, header: null, children });
      i = next;
    } else if (LOOP_HEADER.test(token.text)) {
      const [children, next] = parseNodes(tokens, i + 1, false, true);
      nodes.push({ type: 'block', line: token.line, header: token.text, children });
      i = next;
    } else {
      nodes.push({ type: 'stmt', line: token.line, text: token.text });
      i += 1;
    }
    if (onlyOne) return [nodes, i];
  }
  return [nodes, i];
}

interface Context {
  /** The smallest value each variable is given (`Random` or a plain number assignment). */
  smallest: Map<string, number>;
  unknownPause: boolean;
}

const BUTTON_WORDS: Record<string, string> = {
  left: 'left',
  l: 'left',
  right: 'right',
  r: 'right',
  middle: 'middle',
  m: 'middle',
  x1: 'x1',
  x2: 'x2',
};

function buttonIn(args: string): string {
  for (const word of args.toLowerCase().split(/[\s,"'()]+/)) {
    const b = BUTTON_WORDS[word];
    if (b !== undefined) return b;
  }
  return 'left';
}

function clickStep(args: string): MacroStep | null {
  const words = args.toLowerCase().split(/[\s,"'()]+/);
  const button = buttonIn(args);
  if (words.includes('up') || words.includes('u')) return { kind: 'mouse-up', button };
  if (words.includes('down') || words.includes('d')) return { kind: 'mouse-down', button };
  return { kind: 'click', button };
}

const SEND_BUTTONS: Record<string, string> = {
  lbutton: 'left',
  rbutton: 'right',
  mbutton: 'middle',
  xbutton1: 'x1',
  xbutton2: 'x2',
};

function sendSteps(args: string): MacroStep[] {
  const steps: MacroStep[] = [];
  let typed = false;
  const rest = args.replace(/\{(\w+)([^}]*)\}/g, (whole, name: string, more: string) => {
    const lower = name.toLowerCase();
    if (lower === 'click') {
      const step = clickStep(more);
      if (step !== null) steps.push(step);
      return '';
    }
    const button = SEND_BUTTONS[lower];
    if (button === undefined) return whole;
    const words = more.toLowerCase().trim().split(/\s+/);
    if (words.includes('up')) steps.push({ kind: 'mouse-up', button });
    else if (words.includes('down')) steps.push({ kind: 'mouse-down', button });
    else steps.push({ kind: 'click', button });
    return '';
  });
  if (rest.replace(/["'(),\s]/g, '') !== '') typed = true;
  // What the statement types is one action, whatever it is: its text is never kept.
  if (typed) steps.push({ kind: 'other' });
  return steps;
}

function pauseOf(argument: string, ctx: Context): MacroStep {
  const value = argument.replace(/[%()]/g, '').trim();
  if (/^\d+$/.test(value)) return { kind: 'delay', ms: Number(value) };
  const known = ctx.smallest.get(value.toLowerCase());
  if (known !== undefined) return { kind: 'delay', ms: known };
  ctx.unknownPause = true;
  return { kind: 'other' };
}

const MOUSE_EVENT = /DllCall\(\s*"(?:user32(?:\.dll)?\\)?mouse_event"\s*,\s*"?\w+"?\s*,\s*(0x[0-9a-f]+|\d+)/i;
const DLL_SLEEP = /DllCall\(\s*"(?:kernel32(?:\.dll)?\\)?Sleep"\s*,\s*"?\w+"?\s*,\s*(\w+)/i;
const BUTTON_MESSAGES: Record<number, string> = { 513: 'left', 516: 'right', 519: 'middle' };

function statementSteps(text: string, ctx: Context): MacroStep[] {
  const command = /^(\w+)\b\s*,?\s*\(?(.*)$/s.exec(text);
  const name = (command?.[1] ?? '').toLowerCase();
  const args = command?.[2] ?? '';
  switch (name) {
    case 'click': {
      const step = clickStep(args);
      return step === null ? [] : [step];
    }
    case 'mouseclick':
    case 'controlclick':
      return [{ kind: 'click', button: buttonIn(name === 'mouseclick' ? (args.split(',')[0] ?? '') : args) }];
    case 'send':
    case 'sendinput':
    case 'sendplay':
    case 'sendevent':
      return sendSteps(args);
    case 'sendraw':
    case 'sendtext':
    case 'controlsend':
      return [{ kind: 'other' }];
    case 'sleep':
      return [pauseOf(args.replace(/\)\s*$/, ''), ctx)];
    case 'postmessage':
    case 'sendmessage': {
      const message = Number(args.split(',')[0]?.trim());
      const button = BUTTON_MESSAGES[message];
      return button === undefined ? [] : [{ kind: 'mouse-down', button }];
    }
  }
  const mouseEvent = MOUSE_EVENT.exec(text);
  if (mouseEvent !== null) {
    const flags = Number(mouseEvent[1]);
    const steps: MacroStep[] = [];
    if (flags & 0x2) steps.push({ kind: 'mouse-down', button: 'left' });
    if (flags & 0x8) steps.push({ kind: 'mouse-down', button: 'right' });
    if (flags & 0x20) steps.push({ kind: 'mouse-down', button: 'middle' });
    return steps;
  }
  const dllSleep = DLL_SLEEP.exec(text);
  if (dllSleep !== null) return [pauseOf(dllSleep[1] ?? '', ctx)];
  return [];
}

function loopRepeat(header: string): { repeat: MacroRepeat; times: number | null } {
  const count = /^loop\s*,?\s*\(?\s*(\d+)\s*\)?\s*$/i.exec(header);
  if (count !== null) return { repeat: 'times', times: Number(count[1]) };
  if (/^loop\s*$/i.test(header)) return { repeat: 'until-stopped', times: null };
  // A count known only at run time (`Loop %n%`, `Loop n`); not the parsing and file loops.
  if (!/^loop\s*,?\s*(parse|files|read|reg)\b/i.test(header) && /^loop\b/i.test(header))
    return { repeat: 'times', times: null };
  if (/^while\s*\(?\s*(true|1)\s*\)?\s*$/i.test(header)) return { repeat: 'until-stopped', times: null };
  if (/^while\b.*getkeystate\s*\(/i.test(header)) return { repeat: 'while-held', times: null };
  return { repeat: 'unknown', times: null };
}

function stepsOf(nodes: Node[], ctx: Context): MacroStep[] {
  const steps: MacroStep[] = [];
  for (const node of nodes) {
    if (node.type === 'stmt') steps.push(...statementSteps(node.text, ctx));
    else if (node.header !== null && LOOP_HEADER.test(node.header)) {
      const { times } = loopRepeat(node.header);
      steps.push({ kind: 'loop', times, body: stepsOf(node.children, ctx) });
    } else steps.push(...stepsOf(node.children, ctx));
  }
  return steps;
}

function clicks(steps: MacroStep[]): boolean {
  return steps.some(
    (s) => s.kind === 'click' || s.kind === 'mouse-down' || (s.kind === 'loop' && clicks(s.body)),
  );
}

function variablesOf(tokens: Token[]): Map<string, number> {
  const smallest = new Map<string, number>();
  const keep = (name: string, value: number) => {
    const key = name.toLowerCase();
    smallest.set(key, Math.min(value, smallest.get(key) ?? Number.POSITIVE_INFINITY));
  };
  for (const { text } of tokens) {
    const random1 = /^Random\s*,\s*(\w+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(text);
    const random2 = /^(\w+)\s*:=\s*Random\(\s*(\d+)\s*,\s*(\d+)\s*\)/i.exec(text);
    const assign = /^(\w+)\s*:?=\s*(\d+)\s*$/.exec(text);
    for (const m of [random1, random2]) {
      if (m !== null) keep(m[1] ?? '', Math.min(Number(m[2]), Number(m[3])));
    }
    if (assign !== null) keep(assign[1] ?? '', Number(assign[2]));
  }
  return smallest;
}

/** The body of a label (`Name:` up to `return`) or function (`Name(…)` then a block), at the top level. */
function routineOf(nodes: Node[], name: string): Node[] | null {
  const lower = name.toLowerCase();
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i] as Node;
    if (node.type !== 'stmt') continue;
    if (node.text.toLowerCase() === `${lower}:`) {
      const body: Node[] = [];
      for (let j = i + 1; j < nodes.length; j += 1) {
        const next = nodes[j] as Node;
        if (next.type === 'stmt' && /^return\b/i.test(next.text)) break;
        body.push(next);
      }
      return body;
    }
    const fn = new RegExp(`^${lower.replace(/[^\w]/g, '')}\\s*\\([^)]*\\)$`, 'i');
    const block = nodes[i + 1];
    if (fn.test(node.text) && block !== undefined && block.type === 'block' && block.header === null)
      return block.children;
  }
  return null;
}

export function parseAutoHotkeyScript(bytes: Uint8Array, scriptName: string): MacroFileReading {
  const source = decodeWindowsText(bytes).text;
  if (source.includes('\u0000')) return { ok: false, reason: 'not a text file' };
  const tokens = tokensOf(source);
  const [nodes] = parseNodes(tokens, 0, false, false);
  const smallest = variablesOf(tokens);
  const macros: MacroFacts[] = [];

  const emit = (
    name: string,
    boundTo: string | null,
    repeat: MacroRepeat,
    times: number | null,
    pause: number,
    body: Node[],
  ): boolean => {
    const ctx: Context = { smallest, unknownPause: false };
    const steps = stepsOf(body, ctx);
    if (!clicks(steps)) return false;
    const facts = macroFacts(
      {
        program: 'AutoHotkey',
        profile: scriptName,
        name,
        boundTo,
        repeat,
        repeatTimes: times,
        repeatPauseMs: pause,
        note: null,
        // A loop or timer runs its body again and again, unless it is told to run once.
        loops: times !== 1,
      },
      steps,
    );
    macros.push(
      ctx.unknownPause
        ? {
            ...facts,
            shortestClickIntervalMs: null,
            clicksPerSecond: null,
            fastClicks: false,
            note: 'a pause set at run time that the script text does not fix: the timing is unknown',
          }
        : { ...facts, note: 'read from the script text, not from running it' },
    );
    return true;
  };

  let hotkey: string | null = null;
  let withoutClicks = 0;
  /** `inLoop`: inside a loop already counted as clicking nothing (its inner loops click nothing too). */
  const walk = (list: Node[], inLoop: boolean) => {
    for (const node of list) {
      if (node.type === 'stmt') {
        const key = /^([^\s:;"'`]+?)::$/.exec(node.text);
        if (key !== null && !node.text.startsWith(':')) hotkey = key[1] ?? null;
        const timer = /^SetTimer\b[\s,(]*([A-Za-z_]\w*)\s*,\s*(-?\d+)/i.exec(node.text);
        const period = Number(timer?.[2]);
        if (timer !== null && period > 0) {
          const body = routineOf(nodes, timer[1] ?? '');
          if (
            body !== null &&
            !emit(`timer ${timer[1]} (line ${node.line})`, hotkey, 'until-stopped', null, period, body)
          )
            withoutClicks += 1;
        }
      } else if (node.header !== null && LOOP_HEADER.test(node.header)) {
        const { repeat, times } = loopRepeat(node.header);
        if (!emit(`loop at line ${node.line}`, hotkey, repeat, times, 0, node.children)) {
          if (!inLoop) withoutClicks += 1;
          // A timer started inside may still click.
          walk(node.children, true);
        }
      } else {
        walk(node.children, inLoop);
      }
    }
  };
  walk(nodes, false);
  return clickingMacros(macros, 0, withoutClicks);
}
