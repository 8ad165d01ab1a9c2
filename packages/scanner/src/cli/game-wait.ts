import type { Machine } from '../collect/context.js';
import { SkipSource } from '../collect/context.js';
import { isGameProcess, runningProcesses } from '../collect/processes.js';
import type { EvidenceSources, GameEvidence } from '../evidence/document.js';
import { gameName, gameProcessesOf, nameMatches } from '../games/game-processes.js';
import { clock, countdownLine, KEEPALIVE_MS, tickedWait } from './countdown.js';
import { say } from './terminal.js';

/** The scanner waits this long for the game by default (docs/scan-client.md, "The game must run"). */
export const DEFAULT_WAIT_SECONDS = 180;
const RECHECK_MS = 2_000;

export interface GameWait {
  expected: string[];
  running: boolean;
  waitedSeconds: number;
}

/** Is a process of the game running? Null when this system's processes cannot be read. */
async function gameRunning(machine: Machine, names: readonly string[]): Promise<boolean | null> {
  try {
    const all = await runningProcesses(machine.platform, machine.procRoot);
    return all.some((p) => nameMatches(p.name, names));
  } catch (error) {
    if (error instanceof SkipSource) return null;
    throw error;
  }
}

/**
 * A scan of a machine where the game is not running checks much less (its memory, its command line),
 * so the scanner asks the player to start it and waits up to `seconds`, with a visible countdown,
 * checking every two seconds and telling the server the scan is alive (docs/scan-client.md, "The game
 * must run"). It scans anyway when the time runs out; the evidence then says the game was not running.
 * Null when there is nothing to wait for: a game without known processes, or a system whose processes
 * the scanner cannot read.
 */
export async function waitForGame(
  machine: Machine,
  game: string,
  seconds: number,
  keepAlive: (message: string) => Promise<void>,
): Promise<GameWait | null> {
  const expected = [...gameProcessesOf(game).game];
  if (expected.length === 0) return null;
  const first = await gameRunning(machine, expected);
  if (first === null) return null;
  if (first) return { expected, running: true, waitedSeconds: 0 };

  say(
    `\n${gameName(game)} is not running (looked for ${expected.join(', ')}). Start the game now and join as you normally would: the scan reads the running game.`,
  );
  const line = countdownLine((left) => `  Waiting for the game: ${left} left`);
  let lastKeepAlive = 0;
  const { ended, waitedMs } = await tickedWait({
    seconds,
    everyMs: RECHECK_MS,
    async tick(left) {
      if (Date.now() - lastKeepAlive >= KEEPALIVE_MS) {
        lastKeepAlive = Date.now();
        await keepAlive(`Waiting for the player to start the game (${clock(left)} left)`);
      }
      if ((await gameRunning(machine, expected)) === true) return true;
      line.show(left);
      return false;
    },
  });
  line.end();
  const waitedSeconds = Math.min(3600, Math.round(waitedMs / 1000));
  if (ended) say(`${gameName(game)} is running. Scanning.`);
  else
    say(
      `${gameName(game)} is still not running: scanning without it. The staff will see that the game was not running.`,
    );
  return { expected, running: ended, waitedSeconds };
}

/**
 * The processes section with whether the game was running when it was read, and how long the scanner
 * waited for it. Only a section that was read says so.
 */
export function withGameFacts(
  sources: EvidenceSources,
  game: string,
  wait: GameWait | null,
): EvidenceSources {
  if (wait === null || sources.processes.status !== 'collected') return sources;
  const facts: GameEvidence = {
    expected: wait.expected,
    running: sources.processes.items.some((p) => isGameProcess(game, p.name)),
    waitedSeconds: wait.waitedSeconds,
  };
  // Typed here, not by the generated wire types alone: the field is optional and newer than they may be.
  const processes: EvidenceSources['processes'] & { game?: GameEvidence } = {
    ...sources.processes,
    game: facts,
  };
  return { ...sources, processes };
}
