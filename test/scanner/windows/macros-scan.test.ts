import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { evidence, onWindows, startScan, uploadEvidence } from '../../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../../support/test-app.js';
import { plantMacroTree, TYPED } from './support/planted-macros.js';

/**
 * Click macros end to end (docs/scan-client.md, "Click macros"): the planted tree's macros read by
 * the collector, uploaded in a version 3 document to a real server, and judged by the Windows pack's
 * `fast-click-macro` rule. What the planted macros type, and the names and descriptions of those that
 * only type, reach neither the document, the results nor the store.
 */

describe.each(backends().slice(0, 1))('click macros judged by a real server on %s', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let tree: ReturnType<typeof plantMacroTree>;

  beforeAll(async () => {
    tree = plantMacroTree();
    t = await startTestApp(backend);
    owner = await t.createOwner();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(tree.root, { recursive: true, force: true });
  });

  it('warns about each macro faster than a person, and only those', async () => {
    const scan = await startScan(t, owner.key, 'Java');
    const collected = await collectEvidence(
      plantedMachine(tree.c, tree.home),
      'Java',
      { sources: ['macros'], hints: [] },
      (p) => displayPath(tree.home, p),
      () => {},
    );
    const base = onWindows(evidence(scan.nonce));
    const doc = { ...base, schema: 3, sources: { ...base.sources, macros: collected.macros } };
    expect(JSON.stringify(doc)).not.toContain(TYPED);
    expect(collected.macros?.programs.reduce((n, p) => n + p.macrosWithoutClicks, 0)).toBe(4);
    const res = await uploadEvidence(t, scan.token, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt.counts).toMatchObject({ macros: 6 });

    const results = (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json()
      .data as Record<string, string[]>;
    const macroWarnings = results.warnings?.filter((w) => w.startsWith('Click macro faster than a person'));
    expect(macroWarnings).toEqual([
      expect.stringMatching(
        /^Click macro faster than a person in Razer Synapse macro "AutoClick": 50 clicks per run, 62\.5 clicks per second, repeat mode not recorded \(.*\/ProgramData\/Razer\/Synapse\/Accounts\/RZR_0001\/Macros\/autoclick\.xml\)$/,
      ),
      'Click macro faster than a person in Logitech Gaming Software macro "Rapid" on Mouse.G502 G4 (M1): 1 click per run, 33.3 clicks per second, repeating while held (~/AppData/Local/Logitech/Logitech Gaming Software/profiles/{5A7E4F2B-0000-4000-8000-000000000001}.xml)',
      'Click macro faster than a person in AutoHotkey macro "loop at line 2" on F6: 1 click per run, 66.7 clicks per second, repeating until stopped (~/Documents/AutoHotkey/clicker.ahk)',
    ]);
    expect(JSON.stringify(results)).not.toContain(TYPED);

    const stored = await t.deps.store.db
      .selectFrom('scan_evidence')
      .select(['findings', 'document'])
      .executeTakeFirstOrThrow();
    const { findings } = JSON.parse(stored.findings) as {
      findings: Array<{
        rule: string;
        kind: string;
        proves: string;
        evidence: { source: string; index: number };
      }>;
    };
    expect(
      findings
        .filter((f) => f.rule === 'Click macro faster than a person')
        .map((f) => [f.proves, f.evidence]),
    ).toEqual([
      ['possession', expect.objectContaining({ source: 'macros', index: 0 })],
      ['possession', expect.objectContaining({ source: 'macros', index: 1 })],
      ['possession', expect.objectContaining({ source: 'macros', index: 4 })],
    ]);
    expect(String(stored.document)).not.toContain(TYPED);
    expect(String(stored.findings)).not.toContain(TYPED);
  }, 60_000);
});
