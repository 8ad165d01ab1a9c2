import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * The memory harvest end to end (docs/scan-client.md, "Class names in the game's memory"): a game
 * whose memory holds 100,000 class names before a client's, in address order, read by the scanner's
 * own memory source through a planted `/proc`, the document uploaded to a real server with the
 * starter pack's rules. The client is detected, and the result says the list was cut.
 */
describe.each(backends().slice(0, 1))('a harvest past its cap, judged on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'scanpin-harvest-'));
    const wurst = ['net/wurstclient/WurstClient', 'net/wurstclient/clickgui/ClickGui'];
    const image = Buffer.concat([
      heapImage([...familiarNames(70_000), ...modNames(30_000)]),
      // Past the reader's first 8 MiB chunk, as a late heap region would be.
      randomBytes(4 * 1024 * 1024, seeded(11)),
      heapImage(wurst),
    ]);
    plantProcessMemory(join(root, 'proc'), GAME_PROCESS.pid, image);
    t = await startTestApp(backend);
    owner = await t.createOwner();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('detects the client and lowers the assurance, saying how many names were sent', async () => {
    const ctx = contextFor(
      { env: { HOME: root }, procRoot: join(root, 'proc') },
      { hints: scanPlanFor('Java').hints },
    );
    const processes = { items: [GAME_PROCESS] };
    const memory = await collectMemory({ ...ctx, earlier: { processes } });
    const item = memory.items[0];
    expect(item).toMatchObject({ readable: true, truncated: true, classNamesTotal: 100_002 });
    expect(item?.classNames).toHaveLength(50_000);
    expect(item?.classNames).toContain('net/wurstclient/WurstClient');

    const scan = await startScan(t, owner.key, 'Java');
    const doc = { ...evidence(scan.nonce, { memory: memory }), schema: 3 };
    const res = await uploadEvidence(t, scan.token, doc, { gzip: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: 'cheating' });

    const data = (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json().data;
    expect(data.detections).toEqual(['Wurst in memory of java (pid 4242)']);
    const cut =
      "The scan could not send everything: 50,000 of 100,002 class names in the memory of java (pid 4242) were sent (those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages); a cheat's may be among the rest.";
    expect(data.integrity).toContain(cut);
    expect(data.assurance).toMatchObject({ level: 'medium', reasons: [cut] });
  }, 60_000);
});
