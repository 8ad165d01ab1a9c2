import { describe, expect, it } from 'vitest';
import { elevateIfNeeded } from '../../../packages/scanner/src/cli/elevate.js';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import { collectUsnJournal } from '../../../packages/scanner/src/collect/windows/usn-journal.js';
import {
  elevationOutcome,
  notElevatedReason,
  setElevationOutcome,
} from '../../../packages/scanner/src/windows/elevation-outcome.js';

/**
 * Asking for administrator rights (docs/scan-client.md, "Run as administrator"), as far as it can be
 * checked off Windows: the scanner never asks without a terminal or with --no-elevate, records why,
 * and the USN journal then says it was not read and why. The relaunch itself needs Windows' prompt
 * and was never run here.
 */

describe('asking for administrator rights', () => {
  it('with --no-elevate scans in place and records why, once per process', async () => {
    expect(await elevateIfNeeded(['--pin', 'X'], true)).toBeNull();
    expect(elevationOutcome()).toEqual({ elevated: false, why: 'no-elevate' });
    // Decided once: the elevated copy's own scan must never ask again.
    expect(await elevateIfNeeded(['--pin', 'X'], false)).toBeNull();
    expect(elevationOutcome()).toEqual({ elevated: false, why: 'no-elevate' });
  });

  it('words each reason for the staff', () => {
    expect(notElevatedReason({ elevated: false, why: 'declined' })).toBe(
      'not read: it needs the scanner to run as administrator, and the player declined Windows’ administrator prompt',
    );
    expect(notElevatedReason({ elevated: false, why: 'no-elevate' })).toMatch(/started with --no-elevate/);
    expect(notElevatedReason({ elevated: false, why: 'no-terminal' })).toMatch(/without a terminal/);
    expect(notElevatedReason({ elevated: false, why: 'failed', detail: 'Windows error 1155' })).toMatch(
      /asking Windows for it failed \(Windows error 1155\)/,
    );
  });

  it('the live USN journal is skipped with that reason when the scanner is not elevated', async () => {
    setElevationOutcome({ elevated: false, why: 'declined' });
    const ctx = {
      machine: { platform: 'win32', env: {}, procRoot: '/nonexistent', sysRoot: '/nonexistent' },
      game: 'FiveM',
      plan: { sources: ['usnJournal'], hints: [] },
      display: (p: string) => p,
      earlier: {},
    } as unknown as CollectContext;
    await expect(collectUsnJournal(ctx)).rejects.toThrow(/the player declined Windows’ administrator prompt/);
  });
});
