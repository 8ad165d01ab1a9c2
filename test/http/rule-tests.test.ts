import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { IntakeBusy } from '../../src/application/scans/evidence-intake/pool.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

// Rule tests touch the store and the evidence intake only, never the shared counters.
const stores = backends().filter((b) => b.redisUrl === undefined);

const PATTERN = 'org/example/autoclick/';
const MATCHING = `${PATTERN}Clicker.class`;
const PLAYER = { id: '300000000000000011', username: 'TestedPlayer', client: 'discord' };

interface Job {
  id: number;
  ruleId: number;
  status: string;
  examined: number;
  total: number;
  matched: number;
  skipped: number;
  partial: boolean;
  timeLimitSeconds: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  reason: string | null;
}

interface Page extends Job {
  data: Array<{ pin: string; gameType: string; receivedAt: string; findings: string[]; omitted: number }>;
  next: number | null;
}

/** Many uploads from one address, and many PINs at once: these tests store a lot of evidence. */
const ROOMY = { EVIDENCE_UPLOADS_PER_MINUTE: '1000', MAX_ACTIVE_PINS: '1000' };

describe.each(stores)('rule tests as background jobs on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let sibling: FastifyInstance | undefined;

  async function start(env: Record<string, string> = {}, clock?: () => number): Promise<void> {
    t = await startTestApp(backend, { ...ROOMY, ...env }, clock);
    owner = await t.createOwner();
  }
  afterEach(async () => {
    await sibling?.close();
    sibling = undefined;
    await t?.close();
  });

  /** A disabled rule: a test runs it all the same. */
  async function addRule(): Promise<number> {
    const rule = await t.admin<{ id: number }>('POST', '/admin/v1/rules', {
      name: 'Example clicker',
      kind: 'jar-entry',
      pattern: PATTERN,
      match: 'prefix',
      severity: 'suspicious',
      enabled: false,
    });
    return rule.id;
  }

  /** A finished scan whose evidence has the jars given (and the player's Discord account). */
  async function scanWith(jars: ReturnType<typeof jar>[]): Promise<string> {
    const scan = await startScan(t, owner.key);
    const doc = evidence(scan.nonce, { files: { items: jars }, discord: { accounts: [PLAYER] } });
    const res = await uploadEvidence(t, scan.token, doc, { gzip: true });
    expect(res.statusCode, res.body).toBe(200);
    return scan.pin;
  }

  /** `n` more stored documents, copies of `pin`'s, each on a PIN of its own (quicker than uploading). */
  async function copiesOf(pin: string, n: number): Promise<void> {
    const db = t.deps.store.db;
    const source = await db.selectFrom('pins').select('id').where('code', '=', pin).executeTakeFirstOrThrow();
    for (let i = 0; i < n; i++) {
      const copy = await t.createPin(owner.key, { type: 'Java' });
      const { id } = await db
        .selectFrom('pins')
        .select('id')
        .where('code', '=', copy)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('scan_evidence')
        .expression(
          db
            .selectFrom('scan_evidence')
            .select((eb) => [
              eb.val(id).as('pin_id'),
              eb.val(`rcpt_copy_${id}`).as('receipt_id'),
              'document',
              'findings',
              'received_at',
            ])
            .where('pin_id', '=', source.id),
        )
        .execute();
    }
  }

  const startTest = (ruleId: number, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: `/admin/v1/rules/${ruleId}/test`,
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });

  const read = async (testId: number, query = '', app: FastifyInstance = t.app): Promise<Page> => {
    const res = await app.inject({
      method: 'GET',
      url: `/admin/v1/rule-tests/${testId}${query}`,
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  async function untilEnded(testId: number): Promise<Page> {
    // Generous: on a busy two-core CI machine a big document took 3.5 s where it takes 0.1 s alone.
    const deadline = Date.now() + 150_000;
    for (;;) {
      const page = await read(testId);
      if (page.status !== 'running') return page;
      if (Date.now() > deadline)
        throw new Error(`rule test ${testId} still running: ${JSON.stringify(page)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A jar of `entries` entries of about `length` characters, the first of them matching if asked. */
  function bigJar(path: string, entries: number, length: number, matching: boolean) {
    const names = Array.from({ length: entries }, (_, i) =>
      `com/example/filler/${String(i).padStart(6, '0')}/${'x'.repeat(length)}.class`.slice(0, 500),
    );
    if (matching) names[0] = MATCHING;
    return jar(path, names);
  }

  it('answers 202 with the test and its Location, then finishes with every match oldest first, paged; no verdict moves', async () => {
    await start();
    const ruleId = await addRule();
    const first = await scanWith([jar('~/.minecraft/mods/tool.jar', [MATCHING])]);
    await scanWith([jar('~/.minecraft/mods/clean.jar', ['com/example/Clean.class'])]);
    // Thirty matching jars: 25 findings (the bound per rule), the other 5 places counted.
    const many = await scanWith(
      Array.from({ length: 30 }, (_, i) => jar(`~/.minecraft/mods/m${i}.jar`, [MATCHING])),
    );
    const third = await scanWith([jar('~/.minecraft/mods/again.jar', [MATCHING])]);

    const res = await startTest(ruleId);
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<Job>();
    expect(res.headers.location).toBe(`/admin/v1/rule-tests/${job.id}`);
    expect(job).toMatchObject({ ruleId, total: 4, timeLimitSeconds: 300, finishedAt: null, reason: null });
    expect(['running', 'finished']).toContain(job.status);

    const done = await untilEnded(job.id);
    expect(done).toMatchObject({
      status: 'finished',
      examined: 4,
      total: 4,
      matched: 3,
      skipped: 0,
      partial: false,
      reason: null,
    });
    expect(Date.parse(done.finishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(done.startedAt));

    const page1 = await read(job.id, '?limit=2');
    expect(page1.data.map((m) => m.pin)).toEqual([first, many]);
    expect(page1.data[0]).toMatchObject({
      gameType: 'Java',
      findings: ['Example clicker in ~/.minecraft/mods/tool.jar'],
      omitted: 0,
    });
    expect(page1.data[1]?.findings).toHaveLength(25);
    expect(page1.data[1]?.omitted).toBe(5);
    expect(page1.next).not.toBeNull();
    const page2 = await read(job.id, `?limit=2&after=${page1.next}`);
    expect(page2.data.map((m) => m.pin)).toEqual([third]);
    expect(page2.next).toBeNull();
    expect((await read(job.id)).data).toHaveLength(3);

    // A dry run: the past verdict stands.
    const results = await t.api('GET', `/v1/pins/${first}/results`, { key: owner.key });
    expect(results.json().data.cheating).toBe('legit');

    // Bad input is a 4xx and changes nothing.
    const unknownRule = await startTest(999_999);
    expect(unknownRule.statusCode).toBe(404);
    expect(unknownRule.json()).toMatchObject({ code: 'rule_not_found' });
    const unknownTest = await t.adminRaw('GET', '/admin/v1/rule-tests/999999');
    expect(unknownTest.statusCode).toBe(404);
    expect(unknownTest.json()).toMatchObject({ code: 'rule_test_not_found' });
    for (const query of ['?limit=101', '?limit=0', '?after=-1', '?after=x', '?other=1']) {
      const bad = await t.adminRaw('GET', `/admin/v1/rule-tests/${job.id}${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ code: 'invalid_parameter' });
    }
  });

  it('stops at the time limit, keeping the matches found so far and saying they are partial', async () => {
    await start({ RULE_TEST_TIME_LIMIT_SECONDS: '1' });
    const ruleId = await addRule();
    // A small document first, judged well within the second however busy the machine, so there is
    // always a match found before the limit; then more big ones than a second can judge.
    await scanWith([jar('~/.minecraft/mods/tool.jar', [MATCHING])]);
    const pin = await scanWith([bigJar('~/.minecraft/mods/big.jar', 8_000, 240, true)]);
    await copiesOf(pin, 150);

    const job = (await startTest(ruleId)).json<Job>();
    expect(job.total).toBe(152);
    const done = await untilEnded(job.id);
    expect(done.status).toBe('timed-out');
    expect(done.partial).toBe(true);
    expect(done.reason).toContain('RULE_TEST_TIME_LIMIT_SECONDS, 1 s');
    expect(done.examined).toBeGreaterThan(0);
    expect(done.examined).toBeLessThan(done.total);
    // Every document matches, so every one examined is listed.
    expect(done.matched).toBe(done.examined);
    const elapsed = Date.parse(done.finishedAt ?? '') - Date.parse(done.startedAt);
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    // Stopped at the limit, not after judging everything (152 documents take far longer), with room
    // for the last write on a busy machine.
    expect(elapsed).toBeLessThan(30_000);
    let listed = 0;
    let after = 0;
    for (;;) {
      const page = await read(job.id, `?limit=100&after=${after}`);
      listed += page.data.length;
      if (page.next === null) break;
      after = page.next;
    }
    expect(listed).toBe(done.matched);
    // 150 stored copies and a second of judging: a few seconds alone, more beside busy workers.
  }, 90_000);

  it('runs one test per instance: a second start while one runs is 409 rule_test_running; another instance answers for it', async () => {
    await start();
    const ruleId = await addRule();
    const pin = await scanWith([bigJar('~/.minecraft/mods/big.jar', 8_000, 240, true)]);
    await copiesOf(pin, 8);

    const job = (await startTest(ruleId)).json<Job>();
    const again = await startTest(ruleId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'rule_test_running' });
    expect(again.json().detail).toContain(`Rule test ${job.id} is still running`);

    // The store holds the test: any instance follows it.
    sibling = await startSibling(t, backend);
    const seen = await read(job.id, '', sibling);
    expect(seen.id).toBe(job.id);

    const done = await untilEnded(job.id);
    expect(done.status).toBe('finished');
    expect(done.matched).toBe(9);
    // Once it ended, the next may start.
    const next = await startTest(ruleId);
    expect(next.statusCode).toBe(202);
    await untilEnded(next.json<Job>().id);
    // Two whole tests over 9 scans of an 8,000-entry jar: a second alone, over a minute on a busy
    // two-core CI machine.
  }, 320_000);

  it('a test whose instance stops is abandoned: at once when the server shuts down, after a minute without progress when it dies', async () => {
    await start();
    const ruleId = await addRule();
    const pin = await scanWith([bigJar('~/.minecraft/mods/big.jar', 8_000, 240, true)]);
    await copiesOf(pin, 8);

    // Shut down while it runs: the test is ended as abandoned before the store closes.
    sibling = await startSibling(t, backend);
    const onSibling = (await startTest(ruleId, sibling)).json<Job>();
    await sibling.close();
    sibling = undefined;
    const stopped = await read(onSibling.id);
    expect(stopped.status).toBe('abandoned');
    expect(stopped.reason).toContain('The server stopped while the test ran');
    expect(stopped.examined).toBeLessThan(stopped.total);

    // Killed (no shutdown): its row says running, but nobody has written it for a minute.
    const job = (await startTest(ruleId)).json<Job>();
    await untilEnded(job.id);
    const setRunning = (agoMs: number) =>
      t.deps.store.db
        .updateTable('rule_tests')
        .set({ status: 'running', finished_at: null, updated_at: Date.now() - agoMs })
        .where('id', '=', job.id)
        .execute();
    await setRunning(30_000);
    expect((await read(job.id)).status).toBe('running');
    await setRunning(61_000);
    const abandoned = await read(job.id);
    expect(abandoned).toMatchObject({ status: 'abandoned', partial: true });
    expect(abandoned.reason).toContain('a server restart or crash ends a running test');
    expect(abandoned.data).toHaveLength(9);
  }, 170_000);

  it('retries a document the evidence intake was too busy for once, then skips it rather than failing', async () => {
    await start();
    const ruleId = await addRule();
    await scanWith([jar('~/.minecraft/mods/a.jar', [MATCHING])]);
    const busyOnce = await scanWith([jar('~/.minecraft/mods/b.jar', [MATCHING])]);
    const alwaysBusy = await scanWith([jar('~/.minecraft/mods/c.jar', [MATCHING])]);
    const intake = t.deps.evidenceIntake;
    const real = intake.evaluate;
    const calls = new Map<string, number>();
    intake.evaluate = async (task) => {
      const which = task.documentJson.includes('b.jar')
        ? busyOnce
        : task.documentJson.includes('c.jar')
          ? alwaysBusy
          : 'other';
      const n = (calls.get(which) ?? 0) + 1;
      calls.set(which, n);
      if (which === alwaysBusy || (which === busyOnce && n === 1)) throw new IntakeBusy('queue-full');
      return real(task);
    };
    try {
      const done = await untilEnded((await startTest(ruleId)).json<Job>().id);
      expect(done).toMatchObject({ status: 'finished', examined: 3, matched: 2, skipped: 1 });
      expect(calls.get(busyOnce)).toBe(2);
      expect(calls.get(alwaysBusy)).toBe(2);
      expect((await read(done.id)).data.map((m) => m.pin)).toContain(busyOnce);
    } finally {
      intake.evaluate = real;
    }
  });

  it('its matches are scan data: erasure removes the person’s, retention the PIN’s, and the test goes a week after it ended', async () => {
    let now = Date.parse('2026-03-01T12:00:00.000Z');
    await start({ REPORT_RETENTION_DAYS: '3' }, () => now);
    const ruleId = await addRule();
    await scanWith([jar('~/.minecraft/mods/tool.jar', [MATCHING])]);
    const job = await untilEnded((await startTest(ruleId)).json<Job>().id);
    expect(job.matched).toBe(1);
    expect((await read(job.id)).data).toHaveLength(1);

    const erased = await t.adminRaw('POST', `/admin/v1/scanned-users/${PLAYER.id}/erase`);
    expect(erased.statusCode).toBe(200);
    expect((await read(job.id)).data).toEqual([]);

    // Retention: a PIN removed takes its matches; the test itself goes 7 days after it ended.
    const second = await untilEnded((await startTest(ruleId)).json<Job>().id);
    expect((await read(second.id)).data).toHaveLength(1);
    now += 4 * DAY_MS;
    const run = await applyRetention(t.deps);
    expect(run.pinsRemoved).toBeGreaterThan(0);
    expect(run.ruleTestsRemoved).toBe(0);
    expect((await read(second.id)).data).toEqual([]);
    now += 4 * DAY_MS;
    expect((await applyRetention(t.deps)).ruleTestsRemoved).toBe(2);
    expect((await t.adminRaw('GET', `/admin/v1/rule-tests/${second.id}`)).statusCode).toBe(404);
    expect(await t.deps.store.db.selectFrom('rule_test_matches').selectAll().execute()).toEqual([]);
  });
});
