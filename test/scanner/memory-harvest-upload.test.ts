import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryEvidence } from '@scanpin/evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectMemory } from '../../packages/scanner/src/collect/memory.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { backends } from '../support/backends.js';
import { evidence, GAME_PROCESS, startScan, uploadEvidence } from '../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { contextFor } from './fixtures/context.js';
import {
  familiarNames,
  heapImage,
  modNames,
  plantProcessMemory,
  randomBytes,
  seeded,
} from './fixtures/heap-image.js';

/** Wurst's real class names (github.com/Wurst-Imperium/Wurst7, src/main/java/net/wurstclient/). */
const WURST = ['net/wurstclient/WurstClient', 'net/wurstclient/hacks/KillauraHack'];

/**
 * The memory harvest end to end (docs/scan-client.md, "Class names in the game's memory"): a game's
 * memory of 100,000 class names or more in address order, read by the scanner's own memory source
 * through a planted `/proc`, the document uploaded to a real server with the starter pack's rules.
 * A cut that left out only names of the Java runtime, Minecraft and its libraries, as every big
 * modpack makes, is reported without lowering the scan; a cut reaching any other name lowers it, and
 * so does any cut from a scanner that does not say which names it left out.
 */
describe.each(backends().slice(0, 1))('a harvest past its cap, judged on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let root: string;

  /** The memory source's section for a game whose memory is this image. */
  async function harvested(name: string, image: Buffer) {
    const procRoot = join(root, name, 'proc');
    plantProcessMemory(procRoot, GAME_PROCESS.pid, image);
    const ctx = contextFor(
      { env: { HOME: join(root, name) }, procRoot },
      { hints: scanPlanFor('Java').hints },
    );
    return collectMemory({ ...ctx, earlier: { processes: { items: [GAME_PROCESS] } } });
  }

  /** A Java scan uploaded with this memory section; its published results. */
  async function judged(memory: { items: MemoryEvidence[] }) {
    const scan = await startScan(t, owner.key, 'Java');
    const doc = { ...evidence(scan.nonce, { memory }), schema: 3 };
    const res = await uploadEvidence(t, scan.token, doc, { gzip: true });
    expect(res.statusCode, res.body).toBe(200);
    return (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json().data;
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'scanpin-harvest-'));
    t = await startTestApp(backend);
    owner = await t.createOwner();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  describe('a big modpack: 90,000 names of the runtime, Minecraft and its libraries, 20,000 of 50 mods', () => {
    let memory: { items: MemoryEvidence[] };
    const note =
      '50,000 of 110,000 class names in the memory of java (pid 4242) were sent, all of those outside the packages of the Java runtime, Minecraft, its loaders and launcher libraries among them: 60,000 names under those packages were not sent (a client named inside them would be among these)';

    beforeAll(async () => {
      const names = [...familiarNames(45_000), ...modNames(20_000), ...familiarNames(90_000).slice(45_000)];
      memory = await harvested('modpack', heapImage(names));
    });

    it('sends every mod, and says only familiar names were left out', () => {
      expect(memory.items[0]).toMatchObject({
        readable: true,
        truncated: true,
        classNamesTotal: 110_000,
        classNamesUnsentUnfamiliar: 0,
      });
      expect(memory.items[0]?.classNames).toHaveLength(50_000);
      expect(memory.items[0]?.classNames).toContain(modNames(20_000).at(-1));
    });

    it('can be legit: the cut is a warning, the assurance stays high', async () => {
      const data = await judged(memory);
      expect(data).toMatchObject({
        cheating: 'legit',
        integrity: [],
        assurance: { level: 'high', reasons: [] },
      });
      expect(data.warnings).toContain(note);
    });

    it('is suspicious from a scanner that does not count what it left out', async () => {
      const { classNamesUnsentUnfamiliar: _, ...older } = memory.items[0] as MemoryEvidence;
      const data = await judged({ items: [older] });
      const cut =
        "The scan could not send everything: 50,000 of 110,000 class names in the memory of java (pid 4242) were sent (those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages); a cheat's may be among the rest.";
      expect(data).toMatchObject({ cheating: 'suspicious', integrity: [cut] });
      expect(data.assurance).toMatchObject({ level: 'medium', reasons: [cut] });
      expect(data.warnings).not.toContain(note);
    });
  });

  it('detects a client after 60,000 names of mods, and lowers the assurance: mods were left out', async () => {
    const memory = await harvested(
      'mods',
      Buffer.concat([
        heapImage([...familiarNames(40_000), ...modNames(60_000)]),
        // Past the reader's first 8 MiB chunk, as a late heap region would be.
        randomBytes(4 * 1024 * 1024, seeded(11)),
        heapImage(WURST),
      ]),
    );
    const item = memory.items[0];
    expect(item).toMatchObject({ truncated: true, classNamesTotal: 100_002 });
    // 60,002 names outside the familiar packages; the hinted one and 49,899 others sent after the game's 100.
    expect(item?.classNamesUnsentUnfamiliar).toBe(10_102);
    expect(item?.classNames).toContain('net/wurstclient/hacks/KillauraHack');
    expect(item?.classNames).not.toContain('net/wurstclient/WurstClient');

    const data = await judged(memory);
    expect(data.cheating).toBe('cheating');
    expect(data.detections).toEqual(['Wurst in memory of java (pid 4242)']);
    const cut =
      "The scan could not send everything: 50,000 of 100,002 class names in the memory of java (pid 4242) were sent (those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages); a cheat's may be among the rest.";
    expect(data.integrity).toContain(cut);
    expect(data.assurance).toMatchObject({ level: 'medium', reasons: [cut] });
  }, 60_000);
});
