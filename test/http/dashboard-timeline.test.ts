import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDuePins } from '../../src/application/pins/sweep-due-pins.js';
import { pinTimeline } from '../../src/storage/migrations/0011-pin-timeline.js';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock, ISO_MS, unusedPinCode } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { setPinState } from '../support/store.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const TTL_MS = 10_800_000;
const IDLE_MS = 900_000;

interface Entry {
  at: string;
  kind: string;
  progress: number;
  message: string | null;
}

/** A PIN's timeline (docs/dashboard.md, "The dashboard API"): each move, written with it. */
describe.each(backends())('PIN timelines on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-04-02T08:00:00.456Z'));
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;

  const timeline = async (who: Person, pin: string): Promise<Entry[]> => {
    const res = await who.get(`/pins/${pin}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const kinds = (entries: Entry[]) => entries.map((e) => [e.kind, e.progress, e.message]);

  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    owner = await t.createOwner('Timeline Owner');
    const member = await t.createAccount('Timeline Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, member);
  });
  afterAll(async () => t.close());

  it('records creation, start, each new progress message and the finish, oldest first', async () => {
    const pin = await t.createPin(owner.key);
    const sc = scanner(t);
    clock.advance(1_000);
    const token = await sc.startOk(pin);
    clock.advance(1_000);
    expect((await sc.progress(token, 10, 'Checking files')).statusCode).toBe(204);
    clock.advance(1_000);
    // The same message again adds no entry; a scan has a handful, not one per report.
    expect((await sc.progress(token, 20, 'Checking files')).statusCode).toBe(204);
    expect((await sc.progress(token, 30, 'Checking files')).statusCode).toBe(204);
    clock.advance(1_000);
    expect((await sc.progress(token, 60, 'Reading memory')).statusCode).toBe(204);
    clock.advance(1_000);
    expect((await sc.finish(token, report({ detections: ['Eulen'] }))).statusCode).toBe(200);

    const entries = await timeline(memberP, pin);
    expect(kinds(entries)).toEqual([
      ['created', 0, null],
      ['started', 0, 'Scan started'],
      ['progress', 10, 'Checking files'],
      ['progress', 60, 'Reading memory'],
      ['finished', 100, 'Scan complete'],
    ]);
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(['at', 'kind', 'message', 'progress']);
      expect(e.at).toMatch(ISO_MS);
    }
    const times = entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const status = (await ownerP.get(`/pins/${pin}`)).json().status;
    expect(entries[0]?.at).toBe(status.createdAt);
    expect(entries[4]?.at).toBe(status.lastStatusUpdate);
  });

  it('records a failure with the scan client’s message', async () => {
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin);
    expect((await scanner(t).fail(token, 'Driver blocked')).statusCode).toBe(204);
    expect(kinds(await timeline(ownerP, pin))).toEqual([
      ['created', 0, null],
      ['started', 0, 'Scan started'],
      ['failed', 0, 'Driver blocked'],
    ]);
  });

  it('shows an expiry at once, before the sweeper writes it, and once after', async () => {
    const pin = await t.createPin(owner.key);
    const created = clock();
    clock.advance(TTL_MS + 5_000);
    const derived = await timeline(ownerP, pin);
    expect(kinds(derived)).toEqual([
      ['created', 0, null],
      ['expired', 0, expect.stringContaining('expired')],
    ]);
    expect(Date.parse(derived[1]?.at ?? '')).toBe(created + TTL_MS);
    await sweepDuePins(t.deps);
    expect(await timeline(ownerP, pin)).toEqual(derived);
  });

  it('shows an idle timeout as a failure at the moment it came due', async () => {
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin);
    await scanner(t).progress(token, 40, 'Halfway');
    const lastHeard = clock();
    clock.advance(IDLE_MS + 1_000);
    const entries = await timeline(memberP, pin);
    expect(kinds(entries).slice(-1)).toEqual([['failed', 40, expect.stringContaining('sent nothing')]]);
    expect(Date.parse(entries[entries.length - 1]?.at ?? '')).toBe(lastHeard + IDLE_MS);
    await sweepDuePins(t.deps);
    expect(await timeline(memberP, pin)).toEqual(entries);
  });

  it('is seen by whoever may see the PIN, and is 404 for everyone else', async () => {
    const secret = (await ownerP.call('POST', '/pins', { type: 'Rust', private: true })).json().pin;
    expect(kinds(await timeline(ownerP, secret))).toEqual([['created', 0, null]]);
    expectProblem(await memberP.get(`/pins/${secret}/timeline`), 404, 'pin_not_found');
    const stranger = await signIn(t, await t.createAccount('Nobody'));
    const shared = await t.createPin(owner.key);
    expectProblem(await stranger.get(`/pins/${shared}/timeline`), 404, 'pin_not_found');
    expectProblem(await ownerP.get(`/pins/${unusedPinCode()}/timeline`), 404, 'pin_not_found');
    expectProblem(await ownerP.get('/pins/bad-code/timeline'), 400, 'invalid_pin_code');
    expectProblem(await asPerson(t, '').get(`/pins/${shared}/timeline`), 401, 'not_signed_in');
  });

  it('keeps the answer bounded when a scan client changes its message on every report', async () => {
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin);
    for (let i = 0; i < 105; i++) await scanner(t).progress(token, 50, `step ${i}`);
    await scanner(t).finish(token);
    const entries = await timeline(ownerP, pin);
    expect(entries.filter((e) => e.kind === 'progress')).toHaveLength(100);
    expect(entries[0]?.kind).toBe('created');
    expect(entries[1]?.kind).toBe('started');
    expect(entries[2]?.message).toBe('step 5');
    expect(entries[entries.length - 1]?.kind).toBe('finished');
  });
});

/** An installation upgraded with PINs on record gets their timelines from what their state tells. */
describe.each(backends())('PIN timelines filled on upgrade ($name)', (backend) => {
  it('gives old PINs their creation and, when known, how they ended', async () => {
    const t = await startTestApp(backend);
    try {
      const owner = await t.createOwner('Upgrader');
      const person = await signIn(t, owner.accountId);
      const pending = await t.createPin(owner.key);
      const scanning = await t.createPin(owner.key);
      const token = await scanner(t).startOk(scanning);
      await scanner(t).progress(token, 70, 'Almost');
      const finished = await scanner(t).scan(owner.key, report(), ['HW-UPGRADE']);
      const expired = await t.createPin(owner.key);
      await setPinState(t, expired, {
        status: 'expired',
        status_message: 'The PIN expired before the scan finished.',
        last_status_update: Date.now(),
      });

      // Back to the schema before the migration, then run it on the rewound store.
      const db = t.deps.store.db;
      await db.schema.dropTable('pin_timeline').execute();
      await pinTimeline({ dialect: t.deps.store.dialect, idColumn: backend.pg ? 'serial' : 'integer' }).up(
        db as never,
      );

      const of = async (pin: string) =>
        ((await person.get(`/pins/${pin}/timeline`)).json().data as Entry[]).map((e) => [
          e.kind,
          e.progress,
          e.message,
        ]);
      expect(await of(pending)).toEqual([['created', 0, null]]);
      expect(await of(scanning)).toEqual([
        ['created', 0, null],
        ['progress', 70, 'Almost'],
      ]);
      expect(await of(finished)).toEqual([
        ['created', 0, null],
        ['finished', 100, 'Scan complete'],
      ]);
      expect(await of(expired)).toEqual([
        ['created', 0, null],
        ['expired', 0, 'The PIN expired before the scan finished.'],
      ]);
      // Moves after the upgrade are written as usual.
      const next = await scanner(t).startOk(pending);
      await scanner(t).finish(next);
      expect((await of(pending)).map((e) => e[0])).toEqual(['created', 'started', 'finished']);
    } finally {
      await t.close();
    }
  });
});
