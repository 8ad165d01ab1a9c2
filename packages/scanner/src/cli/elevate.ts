import { type ElevationOutcome, setElevationOutcome } from '../windows/elevation-outcome.js';
import { say } from './terminal.js';
import { windowsCommandLine } from './windows-command-line.js';

/** Added to the elevated copy's arguments, so that it keeps its window open at the end. */
export const ELEVATED_WINDOW_FLAG = '--elevated-window';

let decided = false;

/** This program and the arguments that start it again: the executable alone, or node and the script. */
async function selfCommand(): Promise<{ file: string; prefix: string[] }> {
  try {
    const sea = await import('node:sea');
    if (sea.isSea()) return { file: process.execPath, prefix: [] };
  } catch {
    // Node 20 before node:sea, or not a single executable.
  }
  return { file: process.execPath, prefix: [...process.execArgv, process.argv[1] ?? ''] };
}

/**
 * On Windows, before anything is read: when the scanner is not elevated and the player did not pass
 * `--no-elevate`, it explains why and starts itself again as administrator (windows/live/elevation.ts);
 * the player answers Windows' prompt and the consent question in the new window. Returns that copy's
 * exit code, or null to scan here (elevated already, declined, no terminal to explain it on, or
 * `--no-elevate`), after recording which for the sources that need the rights.
 */
export async function elevateIfNeeded(
  argv: readonly string[],
  noElevate: boolean,
  /** False in the copy already started as administrator: it never starts another. */
  mayRelaunch = true,
): Promise<number | null> {
  // Decided once per process: the elevated copy's scan runs main() again, which must not ask again.
  if (decided) return null;
  decided = true;
  const record = (outcome: ElevationOutcome) => {
    setElevationOutcome(outcome);
    return null;
  };
  if (noElevate) return record({ elevated: false, why: 'no-elevate' });
  const live = await import('../windows/live/elevation.js');
  const elevated = await live.isElevated().catch(() => null);
  if (elevated === true) return record({ elevated: true });
  if (!mayRelaunch)
    return record({
      elevated: false,
      why: 'failed',
      detail: 'the copy started as administrator is not elevated',
    });
  // The elevated copy prints in its own window: with no terminal to answer in, or with the output
  // redirected (`--json > file`), what it printed would be lost, so the scan stays here.
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true)
    return record({ elevated: false, why: 'no-terminal' });
  say(
    [
      'This scan reads the change journal of your drives (which files were deleted or renamed in the',
      'last hours), and Windows lets only administrators read it. Windows will now ask whether',
      'scanpin-scan may make changes to this device: that is this request. If you allow it, the scan',
      'continues in a new window and this one waits for it. If you decline, the scan continues here',
      'without the journal, and the staff see that it was not read. Nothing has been read yet.',
    ].join('\n'),
  );
  const self = await selfCommand();
  const result = await live
    .relaunchElevated(
      self.file,
      windowsCommandLine([...self.prefix, ...argv, ELEVATED_WINDOW_FLAG]),
      process.cwd(),
    )
    .catch((error: unknown) => ({
      started: false as const,
      declined: false,
      detail: (error as Error).message,
    }));
  if (!result.started) {
    say(
      result.declined
        ? '\nAdministrator rights declined: the scan continues here without the change journal.\n'
        : `\nCould not ask Windows for administrator rights (${result.detail}): the scan continues here without the change journal.\n`,
    );
    return record({ elevated: false, why: result.declined ? 'declined' : 'failed', detail: result.detail });
  }
  say(
    `\nThe scan ran in the administrator window${result.exitCode === null ? '' : ` and ended with code ${result.exitCode}`}.`,
  );
  return result.exitCode ?? 1;
}
