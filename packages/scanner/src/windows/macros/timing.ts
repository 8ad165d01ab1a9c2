import type { MacroFacts, MacroProgram, MacroRepeat, MacroStep } from './macro.js';

/**
 * Below this many milliseconds from one press to the next, clicks come faster than a person can
 * keep up: 50 ms is 20 clicks per second, above the sustained rates of the fastest human
 * techniques (jitter and butterfly clicking, docs/scan-client.md "Click macros" gives the source).
 */
export const FAST_CLICK_INTERVAL_MS = 50;
/** A burst this long or longer counts even without a repeat (a double-click macro does not). */
const FAST_BURST_CLICKS = 3;

/** Timing of a run of steps: when its first and last presses happen, and the shortest gap between presses. */
interface Segment {
  duration: number;
  presses: number;
  firstPressAt: number | null;
  lastPressAt: number | null;
  shortest: number | null;
  other: number;
  buttons: Set<string>;
}

const EMPTY: Segment = {
  duration: 0,
  presses: 0,
  firstPressAt: null,
  lastPressAt: null,
  shortest: null,
  other: 0,
  buttons: new Set(),
};

function min(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** `b` after `a`. */
function concat(a: Segment, b: Segment): Segment {
  const across =
    a.lastPressAt !== null && b.firstPressAt !== null ? a.duration - a.lastPressAt + b.firstPressAt : null;
  return {
    duration: a.duration + b.duration,
    presses: a.presses + b.presses,
    firstPressAt: a.firstPressAt ?? (b.firstPressAt === null ? null : a.duration + b.firstPressAt),
    lastPressAt: b.lastPressAt === null ? a.lastPressAt : a.duration + b.lastPressAt,
    shortest: min(min(a.shortest, b.shortest), across),
    other: a.other + b.other,
    buttons: new Set([...a.buttons, ...b.buttons]),
  };
}

/** The gap from a run's last press to the next run's first, `pause` ms apart. */
function wrapGap(body: Segment, pause: number): number | null {
  if (body.lastPressAt === null || body.firstPressAt === null) return null;
  return body.duration - body.lastPressAt + pause + body.firstPressAt;
}

function press(button: string): Segment {
  return { ...EMPTY, presses: 1, firstPressAt: 0, lastPressAt: 0, buttons: new Set([button]) };
}

function segmentOf(steps: MacroStep[]): Segment {
  let acc = EMPTY;
  for (const step of steps) {
    switch (step.kind) {
      case 'delay':
        acc = concat(acc, { ...EMPTY, duration: Math.max(0, step.ms) });
        break;
      case 'mouse-down':
      case 'click':
        acc = concat(acc, press(step.button));
        break;
      case 'mouse-up':
        break;
      case 'other':
        acc = concat(acc, { ...EMPTY, other: 1 });
        break;
      case 'loop': {
        const body = segmentOf(step.body);
        // An endless loop counts one pass: the facts are per run, the repeat says the rest.
        const times = step.times === null ? 1 : Math.max(0, step.times);
        if (times === 0) break;
        const passes = step.times === null || times > 1;
        const repeated: Segment = {
          duration: body.duration * times,
          presses: body.presses * times,
          firstPressAt: body.firstPressAt,
          lastPressAt: body.lastPressAt === null ? null : body.duration * (times - 1) + body.lastPressAt,
          shortest: passes ? min(body.shortest, wrapGap(body, 0)) : body.shortest,
          other: body.other * times,
          buttons: body.buttons,
        };
        acc = concat(acc, repeated);
        break;
      }
    }
  }
  return acc;
}

/** True when a step list holds an endless loop: the macro then runs until stopped by itself. */
export function hasEndlessLoop(steps: MacroStep[]): boolean {
  return steps.some((s) => s.kind === 'loop' && (s.times === null || hasEndlessLoop(s.body)));
}

export interface MacroIdentity {
  program: MacroProgram;
  profile: string | null;
  name: string;
  boundTo: string | null;
  repeat: MacroRepeat;
  repeatTimes: number | null;
  /** Pause between repeated runs, when the format sets one (ms). */
  repeatPauseMs: number;
  /**
   * The runs follow one another whatever `repeat` says: a script's loop whose count or condition is
   * only known at run time still runs more than once.
   */
  loops?: boolean;
  note: string | null;
}

/** The facts of a macro from its steps and how it repeats. */
export function macroFacts(identity: MacroIdentity, steps: MacroStep[]): MacroFacts {
  const run = segmentOf(steps);
  const repeats =
    identity.loops === true ||
    identity.repeat === 'while-held' ||
    identity.repeat === 'toggle' ||
    identity.repeat === 'until-stopped' ||
    (identity.repeat === 'times' && (identity.repeatTimes ?? 0) > 1);
  const shortest = repeats ? min(run.shortest, wrapGap(run, identity.repeatPauseMs)) : run.shortest;
  const sustained = repeats || hasEndlessLoop(steps) || run.presses >= FAST_BURST_CLICKS;
  return {
    program: identity.program,
    profile: identity.profile,
    name: identity.name,
    boundTo: identity.boundTo,
    clicks: run.presses,
    buttons: [...run.buttons].sort(),
    otherActions: run.other,
    shortestClickIntervalMs: shortest,
    clicksPerSecond: shortest === null || shortest <= 0 ? null : Math.round(10_000 / shortest) / 10,
    repeat: identity.repeat,
    repeatTimes: identity.repeatTimes,
    fastClicks: shortest !== null && shortest < FAST_CLICK_INTERVAL_MS && sustained,
    note: identity.note,
  };
}
