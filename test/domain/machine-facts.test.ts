import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOT_TOLERANCE_MS,
  CLOCK_JUMP_MS,
  CLOCK_WINDOW_MS,
  hardwareWarnings,
  type KeptMachineFacts,
  type MachineFacts,
  machineFactsOf,
  osBuild,
} from '../../src/domain/machine-facts.js';
import { evidence } from '../support/evidence.js';

const HOUR = 3600_000;
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 5, 1, 12);

/** What the application keeps: adapters and accounts as opaque keys (here plain text). */
function kept(f: MachineFacts): KeptMachineFacts {
  return {
    scannedAt: f.scannedAt,
    os: f.os,
    bootedAt: f.bootedAt,
    clockOffset: f.clockOffset,
    adapters: f.adapters === null ? null : f.adapters.map((a) => `${a.kind}:${a.name}:${a.description}`),
    discord: f.discordIds,
  };
}

function scan(overrides: Partial<KeptMachineFacts> = {}): KeptMachineFacts {
  return {
    scannedAt: T0,
    os: 'Windows 11 Pro 10.0.22631',
    bootedAt: T0 - 3 * HOUR,
    clockOffset: 2_000,
    adapters: ['eth', 'wifi'],
    discord: ['alice'],
    ...overrides,
  };
}

const known = { machineSeenBefore: true, earlierScansElsewhere: 0 };

describe('machineFactsOf', () => {
  it('moves the boot time onto the server clock with the clock offset and keeps physical adapters only', () => {
    const clientTime = new Date(T0 + 7 * MINUTE); // the client's clock is 7 minutes ahead
    const doc = evidence(
      'n',
      {
        network: {
          adapters: [
            { name: 'eth0', kind: 'ethernet', up: true, hasAddress: true, description: 'Intel I219' },
            { name: 'wlan0', kind: 'wireless', up: false, hasAddress: false, description: null },
            { name: 'wg0', kind: 'vpn', up: true, hasAddress: true, description: null },
            { name: 'lo', kind: 'loopback', up: true, hasAddress: true, description: null },
            { name: 'docker0', kind: 'virtual', up: true, hasAddress: true, description: null },
          ],
        },
        discord: {
          accounts: [
            { id: '111', username: 'a', client: 'stable' },
            { id: '111', username: 'a', client: 'ptb' },
            { id: '222', username: 'b', client: 'stable' },
          ],
        },
      },
      clientTime,
    );
    const facts = machineFactsOf(doc, T0);
    expect(facts).toEqual({
      scannedAt: T0,
      os: 'Linux 6.1.0 (Debian GNU/Linux 12)',
      // evidence() boots the machine 3 hours before its own clock: 3 hours before receipt on ours.
      bootedAt: T0 - 3 * HOUR,
      clockOffset: 7 * MINUTE,
      adapters: [
        { name: 'eth0', kind: 'ethernet', description: 'Intel I219' },
        { name: 'wlan0', kind: 'wireless', description: null },
      ],
      discordIds: ['111', '222'],
    });
  });

  it('knows nothing of a source that was not collected', () => {
    const doc = evidence('n', {
      network: { status: 'failed', reason: 'denied', adapters: [] },
      discord: { status: 'skipped', reason: 'not installed', accounts: [] },
      system: { status: 'failed', reason: 'denied', os: null, bootedAt: null },
    });
    const facts = machineFactsOf(doc, T0);
    expect(facts).toMatchObject({ os: null, bootedAt: null, adapters: null, discordIds: null });
    // The client's clock is read all the same: it is sent with every document.
    expect(facts.clockOffset).not.toBeNull();
  });
});

describe('osBuild', () => {
  it('reads the family and the first dotted version', () => {
    expect(osBuild('Windows 11 Pro 10.0.22631')).toEqual({ family: 'windows', version: [10, 0, 22631] });
    expect(osBuild('Linux 6.1.0-18-amd64 (Debian GNU/Linux 12 (bookworm))')).toEqual({
      family: 'linux',
      version: [6, 1, 0],
    });
    expect(osBuild('macOS (Darwin 23.1.0)')).toEqual({ family: 'macos', version: [23, 1, 0] });
    expect(osBuild('Windows')).toBeNull();
  });
});

describe('hardwareWarnings', () => {
  const later = (ms: number, overrides: Partial<KeptMachineFacts> = {}) =>
    scan({ scannedAt: T0 + ms, ...overrides });

  it('gives none for a scan consistent with the earlier one', () => {
    expect(hardwareWarnings(later(HOUR), [scan()], known)).toEqual([]);
  });

  it('warns when the operating system build went backwards, not forwards or to another system', () => {
    const older = later(HOUR, { os: 'Windows 10 Pro 10.0.19045' });
    expect(hardwareWarnings(older, [scan()], known)).toEqual([
      'Operating system went backwards on this machine: Windows 10 Pro 10.0.19045 now, Windows 11 Pro 10.0.22631 in an earlier scan',
    ]);
    expect(hardwareWarnings(later(HOUR, { os: 'Windows 11 Pro 10.0.26100' }), [scan()], known)).toEqual([]);
    expect(hardwareWarnings(later(HOUR, { os: 'Linux 5.10.0 (Debian)' }), [scan()], known)).toEqual([]);
    // Order is the scans' time, not the order they are given in.
    expect(hardwareWarnings(scan(), [later(HOUR, { os: 'Windows 11 Pro 10.0.26100' })], known)).toEqual([]);
  });

  it('warns when the boot time moved although the machine says it was up before the earlier scan', () => {
    const moved = later(HOUR, { bootedAt: T0 - 6 * HOUR });
    const [warning] = hardwareWarnings(moved, [scan()], known);
    expect(warning).toBe(
      'Boot time contradicts an earlier scan of this machine: it says it has been running since before that scan 1 hour ago, which reported a boot 3 hours later',
    );
    // Restarted since: a boot after the earlier scan is no contradiction.
    expect(hardwareWarnings(later(HOUR, { bootedAt: T0 + 30 * MINUTE }), [scan()], known)).toEqual([]);
    // The same boot read a little differently is the same boot.
    const jitter = BOOT_TOLERANCE_MS - 1000;
    expect(hardwareWarnings(later(HOUR, { bootedAt: T0 - 3 * HOUR + jitter }), [scan()], known)).toEqual([]);
  });

  it('warns when the clock offset jumped between scans close in time', () => {
    const jumped = later(HOUR, { clockOffset: 2_000 + 40 * MINUTE });
    expect(hardwareWarnings(jumped, [scan()], known)).toEqual([
      'Clock of this machine jumped 40 minutes ahead since a scan of it 1 hour earlier',
    ]);
    expect(
      hardwareWarnings(later(HOUR, { clockOffset: 2_000 - CLOCK_JUMP_MS + 1 }), [scan()], known),
    ).toEqual([]);
    // Weeks apart, an unsynchronised clock may have drifted that far.
    const far = later(CLOCK_WINDOW_MS + HOUR, { clockOffset: 40 * MINUTE, bootedAt: T0 + HOUR });
    expect(hardwareWarnings(far, [scan()], known)).toEqual([]);
  });

  it('warns when every adapter or every Discord account seen before is gone', () => {
    expect(hardwareWarnings(later(HOUR, { adapters: ['new-eth'] }), [scan()], known)).toEqual([
      'None of the network adapters seen in earlier scans of this machine is present',
    ]);
    expect(hardwareWarnings(later(HOUR, { discord: ['mallory'] }), [scan()], known)).toEqual([
      'None of the Discord accounts seen in earlier scans of this machine is on it now',
    ]);
    // One adapter or account kept is enough; none listed (or not collected) says nothing.
    expect(hardwareWarnings(later(HOUR, { adapters: ['wifi', 'usb-eth'] }), [scan()], known)).toEqual([]);
    expect(hardwareWarnings(later(HOUR, { discord: ['alice', 'bob'] }), [scan()], known)).toEqual([]);
    expect(hardwareWarnings(later(HOUR, { adapters: [], discord: null }), [scan()], known)).toEqual([]);
    // Compared with every earlier scan together: an account of any of them counts.
    const history = [scan(), later(HOUR, { discord: ['bob'] })];
    expect(hardwareWarnings(later(2 * HOUR, { discord: ['bob'] }), history, known)).toEqual([]);
  });

  it("warns of a player's first scan on a machine never seen when their earlier scans were elsewhere", () => {
    expect(hardwareWarnings(scan(), [], { machineSeenBefore: false, earlierScansElsewhere: 3 })).toEqual([
      "First scan on this machine; the player's 3 earlier scans were on other machines",
    ]);
    expect(hardwareWarnings(null, [], { machineSeenBefore: false, earlierScansElsewhere: 1 })).toEqual([
      "First scan on this machine; the player's 1 earlier scan was on other machines",
    ]);
    expect(hardwareWarnings(scan(), [], { machineSeenBefore: false, earlierScansElsewhere: 0 })).toEqual([]);
    expect(hardwareWarnings(scan(), [], { machineSeenBefore: true, earlierScansElsewhere: 3 })).toEqual([]);
  });

  it('gives no comparison for a report without facts', () => {
    expect(hardwareWarnings(null, [scan()], known)).toEqual([]);
  });
});

/** A machine's life: scans at increasing times, restarts between some, builds only ever newer. */
const consistentLife = fc
  .record({
    gaps: fc.array(fc.integer({ min: MINUTE, max: 10 * 24 * HOUR }), { minLength: 1, maxLength: 8 }),
    restarts: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    restartAt: fc.array(fc.double({ min: 0.01, max: 0.99, noNaN: true }), { minLength: 8, maxLength: 8 }),
    bootJitter: fc.array(fc.integer({ min: -60_000, max: 60_000 }), { minLength: 9, maxLength: 9 }),
    offsetBase: fc.integer({ min: -HOUR, max: HOUR }),
    offsetDrift: fc.array(fc.integer({ min: -60_000, max: 60_000 }), { minLength: 9, maxLength: 9 }),
    buildSteps: fc.array(fc.nat(3), { minLength: 8, maxLength: 8 }),
    extraAdapters: fc.array(fc.subarray(['usb-eth', 'bt-pan', 'wifi-2']), { minLength: 9, maxLength: 9 }),
    extraAccounts: fc.array(fc.subarray(['bob', 'carol']), { minLength: 9, maxLength: 9 }),
    seed: fc.nat(),
  })
  .map((life) => {
    const scans: KeptMachineFacts[] = [];
    let at = T0;
    let boot = T0 - 2 * HOUR;
    let build = 19045;
    for (let i = 0; i <= life.gaps.length; i++) {
      if (i > 0) {
        const gap = life.gaps[i - 1] ?? MINUTE;
        if (life.restarts[i - 1]) boot = at + Math.floor(gap * (life.restartAt[i - 1] ?? 0.5));
        at += gap;
        build += life.buildSteps[i - 1] ?? 0;
      }
      scans.push({
        scannedAt: at,
        os: `Windows 10 Pro 10.0.${build}`,
        bootedAt: Math.min(at, boot + (life.bootJitter[i] ?? 0)),
        clockOffset: life.offsetBase + (life.offsetDrift[i] ?? 0),
        adapters: ['eth', ...(life.extraAdapters[i] ?? [])],
        discord: ['alice', ...(life.extraAccounts[i] ?? [])],
      });
    }
    return { scans, seed: life.seed };
  });

describe('hardwareWarnings, properties', () => {
  it('never warns of a scan consistent with its history, whatever order the history is read in', () => {
    fc.assert(
      fc.property(consistentLife, ({ scans, seed }) => {
        const current = scans[scans.length - 1] as KeptMachineFacts;
        const history = scans.slice(0, -1);
        const shuffled = history
          .map((s, i) => ({ s, k: (i * 7919 + seed) % 101 }))
          .sort((a, b) => a.k - b.k)
          .map(({ s }) => s);
        expect(hardwareWarnings(current, shuffled, known)).toEqual([]);
      }),
    );
  });

  it('finds in the same document received twice only what the delay between them explains', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 24 * HOUR }),
        fc.integer({ min: 10 * MINUTE, max: 20 * 24 * HOUR }),
        fc.integer({ min: -HOUR, max: HOUR }),
        (delay, uptime, skew) => {
          const clientTime = new Date(T0 + skew);
          const doc = evidence(
            'n',
            {
              system: { bootedAt: new Date(T0 + skew - uptime).toISOString() },
              discord: { accounts: [{ id: '111', username: 'a', client: 'stable' }] },
            },
            clientTime,
          );
          const first = kept(machineFactsOf(doc, T0));
          const replayed = kept(machineFactsOf(doc, T0 + delay));
          const warnings = hardwareWarnings(replayed, [first], known);
          // The same clock read later looks that much further behind, and the same uptime that much
          // later a boot: nothing else of the document changes.
          const clockJump = delay > CLOCK_JUMP_MS && delay <= CLOCK_WINDOW_MS;
          const bootMoved = delay > BOOT_TOLERANCE_MS && T0 - uptime + delay < T0 - BOOT_TOLERANCE_MS;
          expect(warnings.some((w) => w.startsWith('Clock of this machine jumped'))).toBe(clockJump);
          expect(warnings.some((w) => w.startsWith('Boot time contradicts'))).toBe(bootMoved);
          expect(warnings).toHaveLength(Number(clockJump) + Number(bootMoved));
        },
      ),
    );
  });

  it('never names hardware IDs or hashes', () => {
    fc.assert(
      fc.property(consistentLife, fc.boolean(), ({ scans }, newMachine) => {
        const poisoned = scans.map((s) => ({
          ...s,
          adapters: ['x'],
          discord: ['y'],
          os: 'Windows 12 99.0.1',
        }));
        const current = scans[0] as KeptMachineFacts;
        const warnings = hardwareWarnings(
          { ...current, scannedAt: current.scannedAt + 400 * 24 * HOUR },
          poisoned,
          {
            machineSeenBefore: !newMachine,
            earlierScansElsewhere: 2,
          },
        );
        for (const w of warnings) {
          expect(w).not.toMatch(/hardware|hwid|[0-9a-f]{16}/i);
          expect(w).toMatch(/this machine/);
        }
      }),
    );
  });
});
