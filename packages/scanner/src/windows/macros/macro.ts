/**
 * What a click macro is, once read from any mouse program (docs/scan-client.md, "Click macros"):
 * its clicks and their timing, never what it types. A reader turns a vendor's file into steps; the
 * timing (timing.ts) turns steps into the facts below, the same way for every vendor.
 */

export type MacroProgram =
  | 'Razer Synapse'
  | 'Logitech Gaming Software'
  | 'X-Mouse Button Control'
  | 'AutoHotkey';

/**
 * How the macro runs again by itself:
 * - `once`: one run per press;
 * - `times`: a fixed number of runs (`repeatTimes`);
 * - `while-held`: again and again while the bound input is held;
 * - `toggle`: again and again from one press to the next;
 * - `until-stopped`: a script loop or timer with no end of its own;
 * - `unknown`: the file does not say, or says it in a way no public source documents.
 */
export type MacroRepeat = 'once' | 'times' | 'while-held' | 'toggle' | 'until-stopped' | 'unknown';

/** One step of a macro, as much as the timing needs. Key steps carry no key: they are only counted. */
export type MacroStep =
  | { kind: 'delay'; ms: number }
  | { kind: 'mouse-down'; button: string }
  | { kind: 'mouse-up'; button: string }
  | { kind: 'click'; button: string }
  | { kind: 'other' }
  | { kind: 'loop'; times: number | null; body: MacroStep[] };

export interface MacroFacts {
  program: MacroProgram;
  /** The profile, application or script file the macro belongs to, when the format names one. */
  profile: string | null;
  name: string;
  /** The input that runs it (`G4 (M1)`, `XButton1`, `Layer 1 / Right`), when the format says. */
  boundTo: string | null;
  /** Mouse-button presses in one run (a loop counts each pass). */
  clicks: number;
  /** The buttons pressed, e.g. `left`, `right`. */
  buttons: string[];
  /** Other actions in one run (keys, moves, calls), counted only: their content is never kept. */
  otherActions: number;
  /** Shortest time from one press to the next, repeats included; null with fewer than two. */
  shortestClickIntervalMs: number | null;
  /** 1000 / shortest interval, one decimal; null when there is no interval or it is 0 ms. */
  clicksPerSecond: number | null;
  repeat: MacroRepeat;
  repeatTimes: number | null;
  /** Presses repeat faster than a person can click (timing.ts, FAST_CLICK_INTERVAL_MS). */
  fastClicks: boolean;
  /** What the reader could not tell, in plain words. */
  note: string | null;
}

/**
 * A file a reader looked at: the macros in it that press a mouse button, or why it could not read
 * it. A macro that only types (keys, text, shortcuts) is counted in `withoutClicks` and nothing else
 * of it is kept: its name or description may hold what it types (docs/scan-client.md, "Click macros").
 */
export type MacroFileReading =
  | { ok: true; macros: MacroFacts[]; withoutClicks: number; skipped: number }
  | { ok: false; reason: string };

/** A reading that keeps the macros pressing a mouse button and only counts the others. */
export function clickingMacros(all: MacroFacts[], skipped: number, alsoWithoutClicks = 0): MacroFileReading {
  const macros = all.filter((m) => m.clicks > 0);
  return { ok: true, macros, withoutClicks: all.length - macros.length + alsoWithoutClicks, skipped };
}
