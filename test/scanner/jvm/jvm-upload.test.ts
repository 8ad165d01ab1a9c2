import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import { collectJvm } from '../../../packages/scanner/src/collect/jvm.js';
import { collectMemory } from '../../../packages/scanner/src/collect/memory.js';
import { collectProcesses } from '../../../packages/scanner/src/collect/processes.js';
import { sharedJvmMemory } from '../../../packages/scanner/src/jvm/symbol-pass.js';
import { backends } from '../../support/backends.js';
import { evidence, startScan, uploadEvidence } from '../../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../../support/test-app.js';
import { contextFor } from '../fixtures/context.js';
import { buildClient, buildGame } from './support/game-layout.js';
import { classBlob, type JavaProcess, javaTools, startJava } from './support/java-programs.js';

/**
 * The Java check end to end (docs/scan-client.md, "Classes injected into the Java game"): a real
 * game JVM with a client defined from bytes, read by the scanner's own collectors (processes, then
 * memory in one pass that also keeps the JVM's Symbols, then jvm), the document uploaded to a real
 * server, and the Windows pack's signal rule in the result.
 */
const tools = process.platform === 'linux' ? javaTools() : { ok: false as const, missing: 'Linux' };
if (!tools.ok) console.warn(`NOT TESTED: the Java check end to end needs ${tools.missing}`);

describe.skipIf(!tools.ok).each(backends().slice(0, 1))(
  'an injected client found and graded (%s)',
  (backend) => {
    let t: TestApp;
    let owner: Owner;
    let root: string;
    let game: JavaProcess;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'scanpin-jvm-upload-'));
      const layout = buildGame(root);
      const build = buildClient(root);
      const blob = classBlob(build, 'me.ghostclient.Client');
      rmSync(build, { recursive: true });
      game = await startJava([...layout.args, '--inject'], { cwd: root, stdin: blob });
      t = await startTestApp(backend);
      owner = await t.createOwner();
    }, 90_000);
    afterAll(async () => {
      game?.stop();
      await t?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('collects the section through the memory pass and shows the finding in the result', async () => {
      const base = contextFor({ env: { HOME: root } });
      // The SDK's plan type lists the sources of the last generated API; the server asks for `jvm` (scan-plan.ts).
      const sources = [...base.plan.sources, 'jvm'] as unknown as CollectContext['plan']['sources'];
      const ctx: CollectContext = { ...base, plan: { ...base.plan, sources } };
      // Only this test's game: other JVMs on the machine are not this test's to read.
      const processes = { items: (await collectProcesses(ctx)).items.filter((p) => p.pid === game.pid) };
      const earlier: CollectContext['earlier'] = { processes };
      const memory = await collectMemory({ ...ctx, earlier });
      earlier.memory = memory;
      // The memory source's pass kept the JVM's Symbols for the jvm source: the memory is read once.
      expect(sharedJvmMemory(earlier, game.pid)?.symbols.size).toBeGreaterThan(1000);
      const jvm = await collectJvm({ ...ctx, earlier });
      expect(jvm.items).toHaveLength(1);
      const item = jvm.items[0];
      expect(item?.readable).toBe(true);
      expect(item?.unknownPackages.map((p) => [p.name, p.count])).toEqual([['me/ghostclient', 11]]);

      const scan = await startScan(t, owner.key, 'Java');
      const doc = {
        ...evidence(scan.nonce),
        schema: 3,
      };
      doc.sources = {
        ...doc.sources,
        processes: { ...doc.sources.processes, items: processes.items },
        memory: { status: 'collected', reason: null, ...memory },
        jvm: { status: 'collected', reason: null, ...jvm },
      };
      const res = await uploadEvidence(t, scan.token, doc);
      expect(res.statusCode, res.body).toBe(200);
      const results = (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json()
        .data as Record<string, string[]>;
      expect(results.suspicious).toEqual(
        expect.arrayContaining([
          expect.stringContaining(
            `Classes loaded from no game, mod or Java file in memory of java (pid ${game.pid}): 11 classes of package me/ghostclient`,
          ),
        ]),
      );
    }, 60_000);
  },
);
