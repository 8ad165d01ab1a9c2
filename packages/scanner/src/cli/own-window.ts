import { waitForKey } from './terminal.js';

/**
 * A scanner double-clicked on Windows runs in a console window of its own, which Windows closes the
 * moment the program ends: the player would never read the receipt, or why it stopped (no server, a
 * refused PIN). So that window stays open until a key is pressed (docs/scan-client.md, "For players").
 * Started from a terminal, the window is the terminal's and the scanner ends as usual.
 */
export function holdsItsWindow(
  platform: string,
  consoleProcesses: number | null,
  stdinIsTerminal: boolean,
): boolean {
  return platform === 'win32' && consoleProcesses === 1 && stdinIsTerminal;
}

/** Whether this process was started in a console window of its own (Windows only). */
export async function startedInOwnWindow(platform: string): Promise<boolean> {
  if (platform !== 'win32') return false;
  const count = await import('../windows/live/console-window.js')
    .then((m) => m.consoleProcessCount())
    .catch(() => null);
  return holdsItsWindow(platform, count, process.stdin.isTTY === true);
}

/** At the end, in a window that closes with the program: let the player read it first. */
export async function holdWindowOpen(code: number): Promise<number> {
  await waitForKey('\nPress any key to close this window. ');
  return code;
}
