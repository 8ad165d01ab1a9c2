import type { EvidenceDocument, MacroEvidence } from '../evidence.js';
import type { Signal } from './signal.js';

/**
 * Click macros faster than a person (docs/scan-client.md, "Click macros"): the scanner measured
 * each macro's shortest time between two presses and marked it `fastClicks` when that is under
 * 50 ms (20 clicks per second) and the presses keep coming (a repeat, a loop, or three or more in a
 * row). A rule of kind `signal` with the pattern `fast-click-macro` decides what that means.
 *
 * It proves possession: a macro set up on this machine, not that it was used in the game.
 */

function rateOf(m: MacroEvidence): string {
  if (m.clicksPerSecond !== null) return `${m.clicksPerSecond} clicks per second`;
  return 'no pause between clicks';
}

const REPEAT: Record<MacroEvidence['repeat'], string> = {
  once: 'once per press',
  times: 'a fixed number of times',
  'while-held': 'repeating while held',
  toggle: 'repeating until pressed again',
  'until-stopped': 'repeating until stopped',
  unknown: 'repeat mode not recorded',
};

export function* macroSignals(doc: EvidenceDocument): Generator<Signal<'fast-click-macro'>> {
  const macros = doc.sources.macros;
  if (macros === undefined || macros.status !== 'collected') return;
  for (const [index, m] of macros.items.entries()) {
    if (!m.fastClicks) continue;
    const bound = m.boundTo === null ? '' : ` on ${m.boundTo}`;
    const repeat =
      m.repeat === 'times' && m.repeatTimes !== null ? `${m.repeatTimes} times` : REPEAT[m.repeat];
    yield {
      code: 'fast-click-macro',
      proves: 'possession',
      where: `${m.program} macro "${m.name}"${bound}: ${m.clicks} click${m.clicks === 1 ? '' : 's'} per run, ${rateOf(m)}, ${repeat} (${m.file})`,
      ref: { source: 'macros', index, value: m.name },
    };
  }
}
