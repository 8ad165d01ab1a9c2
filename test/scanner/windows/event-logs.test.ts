import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import type { EvidenceSources } from '../../../packages/scanner/src/evidence/document.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import {
  eventLogStarted,
  eventLogStopped,
  numbered,
  securityLogCleared,
  serviceInstalled,
  serviceStartTypeChanged,
  serviceStateChanged,
  usnJournalDeleted,
  windowsStarted,
} from './support/evtx-fixtures.js';
import { v } from './support/evtx-values.js';
import { buildEvtx } from './support/evtx-writer.js';
import { judgedUpload, judgingServerForSuite } from './support/judged-upload.js';

/**
 * The event logs end to end (docs/scan-client.md, "Event logs"): System, Application and Security
 * `.evtx` files written by the tests into a planted `C:\Windows\System32\winevt\Logs`, read by the
 * collector, uploaded to a real server, and the findings its signal rules make.
 */

interface Planted {
  root: string;
  home: string;
  logs: string;
}

function plant(): Planted {
  const root = mkdtempSync(join(tmpdir(), 'scanpin-evtx-'));
  const drive = join(root, 'C');
  const home = join(drive, 'Users', 'Player');
  mkdirSync(home, { recursive: true });
  const logs = join(drive, 'Windows', 'System32', 'winevt', 'Logs');
  mkdirSync(logs, { recursive: true });
  writeFileSync(
    join(logs, 'System.evtx'),
    buildEvtx({
      dirty: true,
      chunks: [
        numbered([
          windowsStarted('2026-11-20T08:00:00.000Z'),
          eventLogStarted('2026-11-20T08:00:01.000Z'),
          serviceStateChanged('2026-11-20T09:10:00.000Z', 'SysMain', 'stopped', 'SysMain'),
          serviceStartTypeChanged('2026-11-20T09:10:02.000Z', 'SysMain', 'auto start', 'disabled', 'SysMain'),
          serviceInstalled(
            '2026-11-20T09:11:00.000Z',
            'cheatdrv',
            '\\??\\C:\\Users\\Player\\AppData\\Local\\Temp\\cheatdrv.sys',
            'kernel mode driver',
          ),
          eventLogStopped('2026-11-20T09:12:00.000Z'),
          eventLogStarted('2026-11-20T09:30:00.000Z'),
        ]),
      ],
    }),
  );
  writeFileSync(
    join(logs, 'Application.evtx'),
    buildEvtx({ chunks: [numbered([usnJournalDeleted('2026-11-20T09:13:00.000Z', 'C:')])] }),
  );
  writeFileSync(
    join(logs, 'Security.evtx'),
    buildEvtx({ chunks: [numbered([securityLogCleared('2026-11-20T09:31:00.000Z', 'Player')], 900)] }),
  );
  return { root, home, logs };
}

/** SYSTEMTIME bytes as written, month 13 included: what `v.systemtime` cannot make from a real date. */
function rawSystemtime(parts: number[]) {
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  parts.forEach((part, i) => {
    view.setUint16(i * 2, part, true);
  });
  return { type: 0x12, bytes };
}

/** A System log with two crafted records whose TimeCreated is not a time (a string, month 13). */
function plantOddTimes(): Planted {
  const planted = plant();
  writeFileSync(
    join(planted.logs, 'System.evtx'),
    buildEvtx({
      chunks: [
        numbered([
          windowsStarted('2026-11-20T08:00:00.000Z'),
          {
            ...serviceStateChanged('2026-11-20T09:10:00.000Z', 'SysMain', 'stopped', 'SysMain'),
            timeCreated: v.string('not a time'),
          },
          {
            ...serviceStartTypeChanged(
              '2026-11-20T09:10:02.000Z',
              'SysMain',
              'auto start',
              'disabled',
              'SysMain',
            ),
            timeCreated: rawSystemtime([2026, 13, 0, 20, 9, 10, 2, 0]),
          },
        ]),
      ],
    }),
  );
  return planted;
}

async function collect(planted: Planted): Promise<EvidenceSources> {
  return collectEvidence(
    plantedMachine(join(planted.root, 'C'), planted.home),
    'FiveM',
    { sources: ['system', 'eventLogs'] as never, hints: [] },
    (p) => displayPath(planted.home, p),
    () => {},
  );
}

describe('the event logs of a planted Windows tree', () => {
  let planted: Planted;
  let sources: EvidenceSources;

  beforeAll(async () => {
    planted = plant();
    sources = await collect(planted);
  });
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  it('says of each log whether it was read, how far back it goes and whether it was closed cleanly', () => {
    const section = sources.eventLogs;
    expect(section?.status).toBe('collected');
    expect(section?.logs.map((l) => [l.name, l.status, l.how, l.records, l.oldestAt, l.dirty])).toEqual([
      ['System', 'read', 'file', 7, '2026-11-20T08:00:00.0000000Z', true],
      ['Application', 'read', 'file', 1, '2026-11-20T09:13:00.0000000Z', false],
      ['Security', 'read', 'file', 1, '2026-11-20T09:31:00.0000000Z', false],
    ]);
  });

  it('sends the tampering events, newest first, with the service and program they name and no account', () => {
    const items = sources.eventLogs?.items ?? [];
    expect(items.map((i) => [i.log, i.kind, i.eventId, i.service, i.program, i.from, i.to])).toEqual([
      ['Security', 'log-cleared', 1102, null, null, null, null],
      ['Application', 'usn-journal-deleted', 3079, null, null, null, null],
      [
        'System',
        'event-log-stopped',
        6006,
        null,
        null,
        '2026-11-20T09:12:00.0000000Z',
        '2026-11-20T09:30:00.0000000Z',
      ],
      [
        'System',
        'service-installed',
        7045,
        'cheatdrv',
        '~/AppData/Local/Temp/cheatdrv.sys',
        null,
        'demand start',
      ],
      ['System', 'service-start-type-changed', 7040, 'SysMain', null, 'auto start', 'disabled'],
      ['System', 'service-state-changed', 7036, 'SysMain', null, null, 'stopped'],
    ]);
    expect(JSON.stringify(sources.eventLogs)).not.toMatch(/S-1-5-21|TEST-PC|"Player"/);
  });

  it('says which log is missing, which is not an event log, and the section says why', async () => {
    rmSync(join(planted.logs, 'Security.evtx'));
    writeFileSync(join(planted.logs, 'Application.evtx'), 'not a log at all');
    const again = (await collect(planted)).eventLogs;
    expect(again?.logs.map((l) => [l.name, l.status, l.reason])).toEqual([
      ['System', 'read', null],
      [
        'Application',
        'corrupt',
        'Not an event log: not an event log file (no ElfFile signature); chunks are searched anyway.',
      ],
      ['Security', 'missing', 'Security.evtx is not in the logs folder.'],
    ]);
    expect(again?.reason).toBe('Application: not an event log; Security: missing.');
  });

  it('leaves out a TimeCreated that is not a time, and the log says so', async () => {
    const odd = plantOddTimes();
    try {
      const system = (await collect(odd)).eventLogs?.logs[0];
      expect([system?.records, system?.oldestAt, system?.newestAt]).toEqual([
        3,
        '2026-11-20T08:00:00.0000000Z',
        '2026-11-20T08:00:00.0000000Z',
      ]);
      expect(system?.problems[0]).toBe(
        '2 record(s) have a TimeCreated that is not a time (first: record 2, "not a time"): their time is left out.',
      );
      const items = (await collect(odd)).eventLogs?.items ?? [];
      expect(items.filter((i) => i.log === 'System').map((i) => [i.eventId, i.at])).toEqual([
        [7036, null],
        [7040, null],
      ]);
    } finally {
      rmSync(odd.root, { recursive: true, force: true });
    }
  });
});

describe.each(backends().slice(0, 1))('event-log findings from a real server on %s', (backend) => {
  const server = judgingServerForSuite(backend);
  let planted: Planted;

  beforeAll(() => {
    planted = plant();
  }, 60_000);
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  /** The planted drive's document, uploaded; judgedUpload checks that the server took it. */
  function upload(from: Planted) {
    return judgedUpload(server(), async (nonce) => {
      const sources = await collect(from);
      return {
        schema: 3,
        nonce,
        client: { version: '0.1.0', platform: 'win32', arch: 'x64' },
        sources: {
          ...sources,
          processes: { status: 'skipped', reason: 'Not asked for.', items: [] },
          system: {
            ...sources.system,
            clientTime: '2026-11-20T10:00:00.000Z',
            bootedAt: '2026-11-20T08:00:00.000Z',
          },
        },
      };
    });
  }

  it('takes a scan whose System log holds records with a TimeCreated that is not a time', async () => {
    const odd = plantOddTimes();
    try {
      await upload(odd);
    } finally {
      rmSync(odd.root, { recursive: true, force: true });
    }
  }, 60_000);

  it('grades a cleared log, the journal deleted, a forensic service stopped and disabled, a driver and a logging gap', async () => {
    const results = await upload(planted);
    expect(results.integrity).toEqual(
      expect.arrayContaining([
        'Event log cleared in the Security log, cleared at 2026-11-20 09:31:00 UTC (Security log, event 1102)',
        'USN journal deleted in C:, journal deleted at 2026-11-20 09:13:00 UTC (Application log, event 3079)',
        'Forensic service stopped in SysMain stopped at 2026-11-20 09:10:00 UTC (System log, event 7036)',
        'Forensic service start type changed in SysMain: auto start → disabled at 2026-11-20 09:10:02 UTC (System log, event 7040)',
      ]),
    );
    // A warning until checked on real logs (boot events' order and Fast Startup: docs/scan-client.md).
    expect(results.warnings).toEqual(
      expect.arrayContaining([
        'Event logging stopped while Windows ran in event log service stopped at 2026-11-20 09:12:00 UTC until 2026-11-20 09:30:00 UTC while Windows kept running (System log, event 6006)',
        'Driver installed in cheatdrv (~/AppData/Local/Temp/cheatdrv.sys) installed at 2026-11-20 09:11:00 UTC (System log, event 7045)',
      ]),
    );
  }, 60_000);
});
