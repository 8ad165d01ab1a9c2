import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import { collectUsnJournal } from '../../../packages/scanner/src/collect/windows/usn-journal.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { evidence, onWindows, withSections } from '../../support/evidence.js';
import { judgedUpload, judgingServerForSuite } from './support/judged-upload.js';
import { filetimeOfIso, type RecordFields, usnRecordV2 } from './support/usn-builder.js';

/**
 * The USN journal end to end (docs/scan-client.md, "USN journal"): the collector reads a copy of a
 * journal stream on a planted drive (`$Extend\$UsnJrnl%3A$J`, records laid out per Microsoft's
 * USN_RECORD_V2), the document goes to a real server, and the Windows pack's signals are in the result.
 */

const FILE_DELETE = 0x200;
const RENAME_OLD_NAME = 0x1000;
const RENAME_NEW_NAME = 0x2000;
const BASIC_INFO_CHANGE = 0x8000;
const CLOSE = 0x8000_0000;
const mask = (...flags: number[]) => flags.reduce((a, b) => a | b, 0) >>> 0;

const NOW = Date.now();
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const LOGON = minutesAgo(180);

function stream(records: Omit<RecordFields, 'usn'>[]): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array(4096)];
  let usn = 4096n;
  for (const r of records) {
    const bytes = usnRecordV2({ ...r, usn });
    parts.push(bytes);
    usn += BigInt(bytes.length);
  }
  const out = new Uint8Array(Number(usn));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe.each(backends().slice(0, 1))(
  'the USN journal, collected from a planted drive and uploaded to %s',
  (backend) => {
    const server = judgingServerForSuite(backend);
    let dir: string;
    let home: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'scanpin-usn-upload-'));
      home = join(dir, 'C', 'Users', 'Player');
      mkdirSync(home, { recursive: true });
      mkdirSync(join(dir, 'C', '$Extend'), { recursive: true });
      const at = (m: number) => filetimeOfIso(minutesAgo(m));
      const file = { parentReference: 0x5000000000005n, fileAttributes: 0x20 };
      writeFileSync(
        join(dir, 'C', '$Extend', '$UsnJrnl%3A$J'),
        stream([
          { ...file, fileReference: 1n, timeStamp: at(60 * 24 * 3), reason: 0x2, fileName: 'old.log' },
          {
            ...file,
            fileReference: 2n,
            timeStamp: at(90),
            reason: mask(FILE_DELETE, CLOSE),
            fileName: 'VAPE.EXE-1A2B3C4D.pf',
          },
          {
            ...file,
            fileReference: 3n,
            timeStamp: at(60),
            reason: mask(BASIC_INFO_CHANGE, CLOSE),
            fileName: 'client.dll',
          },
          { ...file, fileReference: 4n, timeStamp: at(5), reason: RENAME_OLD_NAME, fileName: 'vape.jar' },
          {
            ...file,
            fileReference: 4n,
            timeStamp: at(5),
            reason: mask(RENAME_NEW_NAME, CLOSE),
            fileName: 'notes.txt',
          },
          {
            ...file,
            fileReference: 5n,
            timeStamp: at(4),
            reason: mask(FILE_DELETE, CLOSE),
            fileName: 'notes.docx',
          },
        ]),
      );
    }, 60_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    function ctx(): CollectContext {
      return {
        machine: plantedMachine(join(dir, 'C'), home),
        game: 'FiveM',
        plan: { sources: ['usnJournal'], hints: [] },
        display: (p) => displayPath(home, p),
        earlier: {},
      };
    }

    it('reads the copy: the journal’s age and the watched changes of the last 24 hours', async () => {
      const fields = await collectUsnJournal(ctx());
      expect(fields.volumes).toEqual([
        expect.objectContaining({
          volume: 'C:',
          system: true,
          state: 'read',
          note: null,
          journalId: null,
          wrapped: null,
          complete: true,
          oldestRecordAt: minutesAgo(60 * 24 * 3),
        }),
      ]);
      expect(fields.items.map((c) => [c.kind, c.oldName, c.name, c.folder])).toEqual([
        ['deleted', null, 'VAPE.EXE-1A2B3C4D.pf', null],
        ['basic-info-changed', null, 'client.dll', null],
        ['renamed', 'vape.jar', 'notes.txt', null],
      ]);
    });

    it('skips on a planted drive without a copy, and on a machine that is not Windows', async () => {
      const bare = mkdtempSync(join(tmpdir(), 'scanpin-usn-bare-'));
      try {
        await expect(collectUsnJournal({ ...ctx(), machine: plantedMachine(bare, home) })).rejects.toThrow(
          /No copy of a change journal/,
        );
        await expect(
          collectUsnJournal({
            ...ctx(),
            machine: { ...ctx().machine, platform: 'linux', windows: undefined },
          }),
        ).rejects.toThrow(/this machine runs linux/);
      } finally {
        rmSync(bare, { recursive: true, force: true });
      }
    });

    it('shows the Prefetch file deleted after logon and the jar renamed before the scan in the result', async () => {
      const fields = await collectUsnJournal(ctx());
      const results = await judgedUpload(
        server(),
        (nonce) => {
          const base = onWindows(evidence(nonce));
          return withSections(base, {
            system: { ...base.sources.system, logonAt: LOGON },
            usnJournal: { status: 'collected', reason: null, ...fields },
          });
        },
        { usnChanges: 3 },
      );
      const shown = (m: number) => `${minutesAgo(m).slice(0, 19).replace('T', ' ')} UTC`;
      expect(results.integrity).toContain(
        `Prefetch file deleted after logon in VAPE.EXE-1A2B3C4D.pf (deleted ${shown(90)}, on C:, folder unknown)`,
      );
      expect(results.warnings).toContain(
        `Program deleted or renamed just before the scan in vape.jar → notes.txt (renamed ${shown(5)}, on C:, folder unknown)`,
      );
    });
  },
);
