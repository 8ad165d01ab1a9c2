import { describe, expect, it } from 'vitest';
import { main } from '../../packages/scanner/src/cli/main.js';
import { holdsItsWindow } from '../../packages/scanner/src/cli/own-window.js';

/**
 * A scanner double-clicked on Windows keeps its window open at the end until a key is pressed
 * (docs/scan-client.md, "For players"); started from a terminal it ends as usual.
 */
describe('the window a double-clicked scanner runs in', () => {
  it('is held only on Windows, in a console of its own, with a key to read', () => {
    // Explorer made the console for the scanner alone.
    expect(holdsItsWindow('win32', 1, true)).toBe(true);
    // Started from Command Prompt or PowerShell: the shell shares the console.
    expect(holdsItsWindow('win32', 2, true)).toBe(false);
    // Input redirected, or Windows would not say: nothing to wait on, never hang.
    expect(holdsItsWindow('win32', 1, false)).toBe(false);
    expect(holdsItsWindow('win32', null, true)).toBe(false);
    expect(holdsItsWindow('linux', 1, true)).toBe(false);
  });

  it('a build without a server says where to get one that knows it, and ends with the usage code', async () => {
    const lines: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(
        await main([], { platform: 'linux', env: {}, procRoot: '/nonexistent', sysRoot: '/nonexistent' }),
      ).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(lines.join('')).toContain('Download it again from the link the staff gave you');
  });
});
