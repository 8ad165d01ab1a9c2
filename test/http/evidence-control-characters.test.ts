import { holdsRawEvidenceText } from '@scanpin/evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { evidence, GAME_MEMORY, jar, onWindows, startScan, uploadEvidence } from '../support/evidence.js';
import { expectProblem } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

// PostgreSQL text is why NUL was refused: the store under test is the point (SQLite and PostgreSQL).
const stores = backends().filter((b) => b.redisUrl === undefined);

/** A class name obfuscated as some public clients do it: its package starts with U+0000. */
const RAW_CLASS = '\u0000\u0000a/b/Client';
const ESCAPED_CLASS = '\\u0000\\u0000a/b/Client';

interface Finding {
  rule: string;
  text: string;
  evidence: { source: string; index: number; value: string };
}
interface EvidenceAnswer {
  evidence: { findings: Finding[]; document: { sources: Record<string, { items: unknown[] }> } } | null;
}

/**
 * Control characters in an evidence upload (docs/scan-client.md, "Control characters"): a document
 * from an older scanner that still sends them raw is taken, judged and stored escaped, as a current
 * scanner sends it; a current scanner's escaped text is kept as it is; every other route still
 * refuses NUL (docs/api.md, "Text").
 */
describe.each(stores)('control characters in evidence on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let staff: Person;

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '20' });
    owner = await t.createOwner();
    staff = await signIn(t, owner.accountId);
    // Written in the escaped form, as docs/scan-client.md "Rules" says.
    for (const kind of ['jar-entry', 'memory-string'])
      await t.admin('POST', '/admin/v1/rules', {
        name: `Obfuscated client (${kind})`,
        kind,
        pattern: '\\u0000\\u0000a/b/',
        match: 'prefix',
        severity: 'detection',
        games: ['Java'],
      });
  });
  afterAll(async () => t.close());

  const evidenceOf = async (pin: string) => {
    const res = await staff.get(`/pins/${pin}/evidence`);
    expect(res.statusCode, res.body).toBe(200);
    const kept = res.json<EvidenceAnswer>().evidence;
    if (kept === null) throw new Error('no evidence');
    return kept;
  };
  const storedDocument = async (pin: string) => {
    const row = await t.deps.repos.pins.findByCode(pin);
    if (row === undefined) throw new Error('no PIN');
    return (await t.deps.repos.evidence.documentOf(row.id)) ?? '';
  };

  it("takes an older scanner's raw NUL, judges it and stores it escaped", async () => {
    const scan = await startScan(t, owner.key);
    const longLine = `${'x'.repeat(498)}\u0000y`;
    const doc = evidence(scan.nonce, {
      files: { items: [jar('~/.minecraft/mods/lib\u0007.jar', [`${RAW_CLASS}.class`, 'fabric.mod.json'])] },
      memory: { items: [{ ...GAME_MEMORY, classNames: ['net/minecraft/client/main/Main', RAW_CLASS] }] },
      logs: {
        items: [
          { path: '~/.minecraft/logs/latest.log', lines: ['[12:00] loaded \u0000\u001b[31m', longLine] },
        ],
      },
    });
    const res = await uploadEvidence(t, scan.token, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('cheating');

    const results = await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key });
    expect(results.json().data.detections).toEqual(
      expect.arrayContaining([
        'Obfuscated client (jar-entry) in ~/.minecraft/mods/lib\\u0007.jar',
        'Obfuscated client (memory-string) in memory of java (pid 4242)',
      ]),
    );
    const kept = await evidenceOf(scan.pin);
    expect(kept.findings.map((f) => f.evidence.value).sort()).toEqual([
      ESCAPED_CLASS,
      `${ESCAPED_CLASS}.class`,
    ]);
    const logs = kept.document.sources.logs?.items as Array<{ lines: string[] }>;
    expect(logs[0]?.lines[0]).toBe('[12:00] loaded \\u0000\\u001b[31m');
    // Escaping lengthened the 500-character line: it is cut to its cap, never past it.
    expect(logs[0]?.lines[1]).toBe('x'.repeat(498));
    const stored = await storedDocument(scan.pin);
    expect(holdsRawEvidenceText(JSON.parse(stored))).toBe(false);
    expect(JSON.parse(stored).sources.memory.items[0].classNames[1]).toBe(ESCAPED_CLASS);
  });

  it("keeps a current scanner's escaped text as it is, never escaping it twice", async () => {
    const scan = await startScan(t, owner.key);
    const doc = evidence(scan.nonce, {
      files: { items: [jar('~/.minecraft/mods/a.jar', [`${ESCAPED_CLASS}.class`, 'C:\\u005cu0041/x'])] },
    });
    const res = await uploadEvidence(t, scan.token, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('cheating');
    const kept = await evidenceOf(scan.pin);
    const files = kept.document.sources.files?.items as Array<{ entries: string[] }>;
    expect(files[0]?.entries).toEqual([`${ESCAPED_CLASS}.class`, 'C:\\u005cu0041/x']);
  });

  it('takes controls even in the fields a scanner writes itself, without breaking their caps', async () => {
    const scan = await startScan(t, owner.key);
    const doc = evidence(scan.nonce, {
      memory: { items: [{ ...GAME_MEMORY, classNames: ['net/minecraft/client/main/Main', RAW_CLASS] }] },
    });
    const res = await uploadEvidence(t, scan.token, {
      ...doc,
      client: { ...doc.client, version: '\u0000'.repeat(50) },
      sources: {
        ...doc.sources,
        discord: {
          ...doc.sources.discord,
          accounts: [{ id: '123456789012345678', username: '\u0000', client: 'discord' }],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = JSON.parse(await storedDocument(scan.pin));
    // Escaped, the version would pass its cap of 50: it keeps its length, each control shown as U+FFFD.
    expect(stored.client.version).toBe('\ufffd'.repeat(50));
    // Only that field: every other is escaped, so a rule written in the escaped form still matches.
    expect(stored.sources.discord.accounts[0].username).toBe('\\u0000');
    expect(stored.sources.memory.items[0].classNames[1]).toBe(ESCAPED_CLASS);
    expect(res.json().result).toBe('cheating');
    expect((await evidenceOf(scan.pin)).findings.map((f) => f.evidence.value)).toEqual([ESCAPED_CLASS]);
  });

  it('replaces controls only in the short fields past their cap, however many there are', async () => {
    const scan = await startScan(t, owner.key);
    const windows = onWindows(
      evidence(scan.nonce, {
        memory: { items: [{ ...GAME_MEMORY, classNames: ['net/minecraft/client/main/Main', RAW_CLASS] }] },
      }),
    );
    const [pf] = windows.sources.prefetch?.items ?? [];
    if (windows.sources.prefetch === undefined || pf === undefined) throw new Error('no Prefetch');
    // 3,000 Prefetch hashes (cap 16) escaped past their cap: more values than the schema names
    // one by one, so each must be found in one pass for the rest of the document to stay escaped.
    const items = Array.from({ length: 3_000 }, (_, i) => ({ ...pf, hash: `\u0001${i}`.padEnd(16, 'A') }));
    const res = await uploadEvidence(t, scan.token, {
      ...windows,
      sources: { ...windows.sources, prefetch: { ...windows.sources.prefetch, filesTotal: 3_000, items } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = JSON.parse(await storedDocument(scan.pin));
    expect(stored.sources.prefetch.items[2_999].hash).toBe('\ufffd2999AAAAAAAAAAA');
    expect(stored.sources.memory.items[0].classNames[1]).toBe(ESCAPED_CLASS);
    expect((await evidenceOf(scan.pin)).findings.map((f) => f.evidence.value)).toContain(ESCAPED_CLASS);
  });

  it('still refuses NUL on every other route', async () => {
    // Unsigned, so the progress call below needs no signature.
    const scan = await startScan(t, owner.key, 'Java', { client: null });
    const progress = await t.app.inject({
      method: 'POST',
      url: '/v1/scanner/progress',
      headers: { authorization: `Bearer ${scan.token}`, 'content-type': 'application/json' },
      payload: { progress: 10, statusMessage: 'reading a\u0000b' },
    });
    expectProblem(progress, 400, 'invalid_body');
    expect(progress.json().detail).toContain('NUL');

    const rule = await t.adminRaw('POST', '/admin/v1/rules', {
      name: 'Raw',
      kind: 'jar-entry',
      pattern: '\u0000a/',
      severity: 'detection',
    });
    expectProblem(rule, 400, 'invalid_body');
  });

  it('refuses a rule pattern with a raw control character, and says how to write it escaped', async () => {
    const res = await t.adminRaw('POST', '/admin/v1/rules', {
      name: 'Raw',
      kind: 'memory-string',
      pattern: '\u0001\u0002x/',
      severity: 'detection',
    });
    expectProblem(res, 400, 'invalid_rule_pattern');
    expect(res.json().detail).toContain('is \\u0001\\u0002x/.');
  });
});
