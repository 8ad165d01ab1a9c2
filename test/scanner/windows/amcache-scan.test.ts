import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import type { EvidenceSources } from '../../../packages/scanner/src/evidence/document.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { evidence, onWindows, withSections } from '../../support/evidence.js';
import { addPath, hivexsh, requireHivex, setValues } from './fixtures/hivex.js';
import { emptyHive, setChecksum, utf16le } from './fixtures/regf-image.js';
import { judgedUpload, judgingServerForSuite } from './support/judged-upload.js';

/**
 * Amcache end to end (docs/scan-client.md, "Amcache"): a planted `C:` whose Amcache.hve (written by
 * Debian's `hivexsh -w`) records a cheat since deleted from Downloads, a tool still there, and a file on
 * a drive this machine no longer has; the collector's section, then a real server judging it with a
 * `file-sha1` rule made through the operator API and the Windows pack's `amcache-file-deleted` rule.
 */

const CHEAT_BYTES = Buffer.from('MZ the cheat as it was when Windows inventoried it');
const CHEAT_SHA1 = createHash('sha1').update(CHEAT_BYTES).digest('hex');
const TOOL_SHA1 = 'cd'.repeat(20);

const sz = (name: string, text: string) => ({ name, type: 1, data: utf16le(`${text}\0`) });
const qword = (name: string, n: number) => {
  const data = Buffer.alloc(8);
  data.writeBigUInt64LE(BigInt(n));
  return { name, type: 11, data };
};

function amcacheScript(): string[] {
  const made = new Set<string>();
  const record = (key: string, values: ReturnType<typeof sz>[]) => [
    ...addPath(`Root\\InventoryApplicationFile\\${key}`, made),
    ...setValues(`Root\\InventoryApplicationFile\\${key}`, values),
  ];
  return [
    ...record('cheat.exe|1111111111111111', [
      sz('FileId', `0000${CHEAT_SHA1}`),
      sz('LowerCaseLongPath', 'c:\\users\\player\\downloads\\cheat.exe'),
      sz('Name', 'Cheat.exe'),
      sz('LinkDate', '03/01/2024 12:00:00'),
      qword('Size', CHEAT_BYTES.length),
    ]),
    ...record('tool.exe|2222222222222222', [
      sz('FileId', `0000${TOOL_SHA1}`),
      sz('LowerCaseLongPath', 'c:\\tools\\tool.exe'),
      sz('Name', 'tool.exe'),
      sz('Publisher', 'tool maker'),
      qword('Size', 4),
    ]),
    ...record('usb.exe|3333333333333333', [
      sz('FileId', `0000${'ef'.repeat(20)}`),
      sz('LowerCaseLongPath', 'e:\\usb\\usb.exe'),
      sz('Name', 'usb.exe'),
    ]),
    ...record('nopath.exe|4444444444444444', [sz('Name', 'nopath.exe')]),
  ];
}

interface Planted {
  root: string;
  home: string;
  sources: EvidenceSources;
}

async function plantAndCollect(): Promise<Planted> {
  requireHivex();
  const root = mkdtempSync(join(tmpdir(), 'scanpin-amcache-'));
  const drive = join(root, 'C');
  const home = join(drive, 'Users', 'Player');
  mkdirSync(join(home, 'Downloads'), { recursive: true });
  mkdirSync(join(drive, 'Tools'), { recursive: true });
  writeFileSync(join(drive, 'Tools', 'tool.exe'), 'MZ..');
  const programs = join(drive, 'Windows', 'AppCompat', 'Programs');
  mkdirSync(programs, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'scanpin-hive-'));
  try {
    writeFileSync(join(programs, 'Amcache.hve'), hivexsh(work, emptyHive(), amcacheScript()));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const sources = await collectEvidence(
    plantedMachine(drive, home),
    'FiveM',
    { sources: ['amcache'] as never, hints: [] },
    (p) => displayPath(home, p),
    () => {},
  );
  return { root, home, sources };
}

describe('the Amcache collector on a planted Windows tree', () => {
  let planted: Planted;
  beforeAll(async () => {
    planted = await plantAndCollect();
  }, 60_000);
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  it('lists each record with a path: the deleted cheat, the tool that is there, the file on an absent drive', () => {
    const amcache = planted.sources.amcache;
    expect(amcache?.status, amcache?.reason ?? '').toBe('collected');
    expect(amcache).toMatchObject({ from: 'hive-file', recordsTotal: 3, badFileIds: 0, damagedRecords: 0 });
    const byName = new Map(amcache?.items.map((i) => [i.name, i]));
    expect(byName.get('Cheat.exe')).toMatchObject({
      path: '~/downloads/cheat.exe',
      sha1: CHEAT_SHA1,
      sha1Covers: 'whole-file',
      size: CHEAT_BYTES.length,
      linkDate: '2024-03-01T12:00:00.000Z',
      exists: false,
    });
    expect(byName.get('Cheat.exe')?.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Found on the disk, the tool is shown as found (its own case), the planted root standing for C:.
    expect(byName.get('tool.exe')).toMatchObject({ sha1: TOOL_SHA1, publisher: 'tool maker', exists: true });
    expect(byName.get('tool.exe')?.path).toMatch(/\/C\/Tools\/tool\.exe$/);
    expect(byName.get('usb.exe')).toMatchObject({ path: 'e:\\usb\\usb.exe', exists: null });
    expect(byName.has('nopath.exe')).toBe(false);
  });

  it('says when the hive file is dirty: the newest records may be only in its transaction logs', async () => {
    expect(planted.sources.amcache?.reason).toBeNull();
    const file = join(planted.root, 'C', 'Windows', 'AppCompat', 'Programs', 'Amcache.hve');
    const bytes = readFileSync(file);
    // libyal regf: the secondary sequence number (offset 8) one behind the primary, checksum redone.
    bytes.writeUInt32LE(bytes.readUInt32LE(4) - 1, 8);
    setChecksum(bytes);
    writeFileSync(file, bytes);
    const again = await collectEvidence(
      plantedMachine(join(planted.root, 'C'), planted.home),
      'FiveM',
      { sources: ['amcache'] as never, hints: [] },
      (p) => displayPath(planted.home, p),
      () => {},
    );
    expect(again.amcache?.status).toBe('collected');
    expect(again.amcache?.reason).toContain('transaction logs (Amcache.hve.LOG1, .LOG2) are not read');
    expect(again.amcache?.items).toHaveLength(3);
  });

  it('never sends the home folder in full', () => {
    expect(JSON.stringify(planted.sources.amcache)).not.toContain(planted.home);
  });

  it('is skipped, saying why, where there is no Amcache.hve', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'scanpin-amcache-none-'));
    try {
      const sources = await collectEvidence(
        plantedMachine(empty, join(empty, 'Users', 'Player')),
        'FiveM',
        { sources: ['amcache'] as never, hints: [] },
        (p) => p,
        () => {},
      );
      expect(sources.amcache).toMatchObject({ status: 'skipped', items: [] });
      expect(sources.amcache?.reason).toContain('There is no Amcache.hve file');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe.each(backends().slice(0, 1))('Amcache judged by a real server on %s', (backend) => {
  const server = judgingServerForSuite(backend);
  let planted: Planted;
  beforeAll(async () => {
    planted = await plantAndCollect();
  }, 60_000);
  afterAll(() => rmSync(planted.root, { recursive: true, force: true }));

  it('a file-sha1 rule made through the operator API flags the deleted cheat’s record; the pack warns it is gone', async () => {
    await server().t.admin('POST', '/admin/v1/rules', {
      name: 'Known cheat',
      kind: 'file-sha1',
      pattern: CHEAT_SHA1.toUpperCase(),
      severity: 'detection',
      match: 'exact',
    });
    const results = await judgedUpload(
      server(),
      (nonce) => withSections(onWindows(evidence(nonce)), { amcache: planted.sources.amcache }),
      { amcacheRecords: 3 },
    );

    const cheat = planted.sources.amcache?.items.find((i) => i.name === 'Cheat.exe');
    const recorded = `${cheat?.recordedAt?.slice(0, 19).replace('T', ' ')} UTC`;
    expect(results.detections).toEqual([
      `Known cheat in ~/downloads/cheat.exe (Amcache, recorded ${recorded}; file deleted)`,
    ]);
    expect(results.warnings).toContain(
      `File Amcache recorded is gone in ~/downloads/cheat.exe (Amcache, recorded ${recorded}, SHA-1 ${CHEAT_SHA1}; the file is gone)`,
    );
    // The tool is there and the USB file's drive is absent: neither is called deleted.
    expect(JSON.stringify(results)).not.toMatch(/tool\.exe|usb\.exe/);
  }, 60_000);
});
