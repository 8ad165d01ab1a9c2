import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import type { EvidenceSources } from '../../src/domain/evidence.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { evidence, uploadEvidence } from '../support/evidence.js';
import { proveFor, report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Same machine, same story (docs/scan-client.md, "Same machine, same story"): a scan that contradicts
 * the earlier scans of its hardware, or a player with a history on other machines who appears on a
 * machine never seen, gets a warning for staff in `warnings`; the verdict is what it would have been
 * without it, and nothing goes to `integrity`.
 */

// Only the store is involved: SQLite and PostgreSQL suffice.
const stores = backends().filter((b) => b.redisUrl === undefined);

const HOUR = 3600_000;
const MINUTE = 60_000;

let ids = 0;
const person = (username: string) => ({ id: String(517968172634000000n + BigInt(++ids)), username });

type Overrides = { [K in keyof EvidenceSources]?: Partial<EvidenceSources[K]> };
interface Results {
  data: { warnings: string[]; integrity: string[]; cheating: string };
}

/** The warnings this feature writes: each speaks of "this machine". */
const machineWarnings = (warnings: readonly string[]) => warnings.filter((w) => /this machine/.test(w));

describe.each(stores)('same machine, same story, on $name', (backend) => {
  const T0 = Date.UTC(2026, 3, 1, 12);
  let now = T0;
  let t: TestApp;
  let a: Owner;
  let b: Owner;

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      {
        MAX_ACTIVE_PINS: '100',
        SCANNER_START_PER_MINUTE: '1000',
        EVIDENCE_UPLOADS_PER_MINUTE: '1000',
        REPORT_RETENTION_DAYS: '30',
        HWID_HUB_THRESHOLD: '2',
      },
      () => now,
    );
    a = await t.createOwner('Machine Enterprise');
    b = await t.createOwner('Other Enterprise');
  });
  afterAll(async () => t.close());

  const results = async (owner: Owner, pin: string) =>
    (await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key })).json<Results>().data;

  async function start(pin: string, hwids: string[]) {
    const res = await t.api('POST', '/v1/scanner/start', { body: { pin, hwids } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ sessionToken: string; nonce: string }>();
  }

  /** A scan of `hwids` finished by an evidence upload; the client's clock `skew` ahead of the server's. */
  async function evidenceScan(hwids: string[], overrides: Overrides, skew = 0, owner = a) {
    const pin = await t.createPin(owner.key, { type: 'Java' });
    const { sessionToken, nonce } = await start(pin, hwids);
    const res = await uploadEvidence(t, sessionToken, evidence(nonce, overrides, new Date(now + skew)));
    expect(res.statusCode, res.body).toBe(200);
    return { pin, result: res.json<{ result: string }>().result, data: await results(owner, pin) };
  }

  /** A machine's evidence: `boot` on the server's clock, the client's clock `skew` ahead. */
  const machine = (os: string, boot: number, skew: number, adapter: string, discord: { id: string }) => ({
    system: { os, bootedAt: new Date(boot + skew).toISOString() },
    network: {
      adapters: [
        {
          name: adapter,
          kind: 'ethernet' as const,
          up: true,
          hasAddress: true,
          description: `${adapter} NIC`,
        },
      ],
    },
    discord: { accounts: [{ id: discord.id, username: 'someone', client: 'stable' }] },
  });

  it('warns of a scan that contradicts the earlier scan of its machine, and changes nothing else', async () => {
    const alice = person('alice');
    const mallory = person('mallory');
    const hwids = ['HW-SAME-1', 'To be filled by O.E.M.'];
    now = T0;
    const first = await evidenceScan(
      hwids,
      machine('Linux 6.8.0 (Ubuntu 24.04)', T0 - 3 * HOUR, 0, 'eth0', alice),
    );
    expect(machineWarnings(first.data.warnings)).toEqual([]);

    // An hour later, the "same" machine: an older kernel, booted before the first scan at another
    // time, a clock 40 minutes ahead, another network card and another Discord account.
    now = T0 + HOUR;
    const second = await evidenceScan(
      hwids,
      machine('Linux 6.1.0 (Debian GNU/Linux 12)', T0 - 6 * HOUR, 40 * MINUTE, 'eth9', mallory),
      40 * MINUTE,
    );
    expect(machineWarnings(second.data.warnings)).toEqual([
      'Operating system went backwards on this machine: Linux 6.1.0 (Debian GNU/Linux 12) now, Linux 6.8.0 (Ubuntu 24.04) in an earlier scan',
      'Boot time contradicts an earlier scan of this machine: it says it has been running since before that scan 1 hour ago, which reported a boot 3 hours later',
      'Clock of this machine jumped 40 minutes ahead since a scan of it 1 hour earlier',
      'None of the network adapters seen in earlier scans of this machine is present',
      'None of the Discord accounts seen in earlier scans of this machine is on it now',
    ]);
    // Warnings for staff only: not integrity findings, and the verdict is the first scan's.
    expect(second.result).toBe(first.result);
    expect(second.data.cheating).toBe(first.data.cheating);
    expect(machineWarnings(second.data.integrity)).toEqual([]);
    expect(second.data.integrity).toEqual(first.data.integrity);
  });

  it('gives no warning to a scan consistent with the earlier ones of its machine', async () => {
    const carol = person('carol');
    const hwids = ['HW-CONSISTENT-1', 'HW-CONSISTENT-2'];
    now = T0 + 2 * HOUR;
    const boot = now - 5 * HOUR;
    await evidenceScan(hwids, machine('Linux 6.8.0 (Ubuntu 24.04)', boot, 2000, 'eth0', carol), 2000);
    now += 3 * HOUR;
    // Same boot, a newer kernel is not yet running (that needs a restart), the clock a second off.
    const again = await evidenceScan(
      ['HW-CONSISTENT-2'],
      machine('Linux 6.8.0 (Ubuntu 24.04)', boot, 3000, 'eth0', carol),
      3000,
    );
    expect(machineWarnings(again.data.warnings)).toEqual([]);
    // Restarted into a newer kernel, with a second account added on the machine.
    now += DAY_MS;
    const restarted = await evidenceScan(
      hwids,
      {
        ...machine('Linux 6.9.1 (Ubuntu 24.04)', now - HOUR, 1000, 'eth0', carol),
        discord: {
          accounts: [
            { id: carol.id, username: 'carol', client: 'stable' },
            { id: person('dave').id, username: 'dave', client: 'ptb' },
          ],
        },
      },
      1000,
    );
    expect(machineWarnings(restarted.data.warnings)).toEqual([]);
  });

  it("warns of a player's first scan on a machine never seen, when their earlier scans were on other machines", async () => {
    const player = person('mover');
    now = T0 + 3 * DAY_MS;
    const sc = scanner(t);
    await sc.scan(a.key, report({ discord: [player] }), ['HW-MOVER-OLD-1'], 'Java');
    await sc.scan(a.key, report({ discord: [player] }), ['HW-MOVER-OLD-2'], 'Java');

    /** A /finish scan whose player proved `player` on `hwids`. */
    const provenOn = async (hwids: string[]) => {
      const pin = await t.createPin(a.key, { type: 'Java' });
      const token = await sc.startOk(pin, hwids);
      await proveFor(t, pin, player);
      const res = await sc.finish(token, report({ discord: [player] }));
      expect(res.statusCode, res.body).toBe(200);
      return { pin, data: await results(a, pin) };
    };
    const moved = await provenOn(['HW-MOVER-NEW']);
    expect(machineWarnings(moved.data.warnings)).toEqual([
      "First scan on this machine; the player's 2 earlier scans were on other machines",
    ]);
    expect(machineWarnings(moved.data.integrity)).toEqual([]);
    // A machine seen before, or one whose hardware IDs identify nothing, says nothing.
    expect(machineWarnings((await provenOn(['HW-MOVER-OLD-1'])).data.warnings)).toEqual([]);
    expect(
      machineWarnings(
        (await provenOn(['Default string', '00000000-0000-0000-0000-000000000000'])).data.warnings,
      ),
    ).toEqual([]);

    // Seen on the machine is enough to be the player: four earlier scans on identified machines.
    const seen = await evidenceScan(['HW-MOVER-NEWER'], {
      discord: { accounts: [{ id: player.id, username: 'mover', client: 'stable' }] },
    });
    expect(machineWarnings(seen.data.warnings)).toEqual([
      "First scan on this machine; the player's 4 earlier scans were on other machines",
    ]);
  });

  it('counts only the scans that reach the Enterprise asking: its own, and those shared with everyone', async () => {
    const named = person('named');
    now = T0 + 4 * DAY_MS;
    // Seen on a machine in Enterprise A, proven nowhere: that scan stays inside A (docs/risk-score.md,
    // "Whose scan it is"), and so does what it told about its machine.
    const told = machine('Linux 6.8.0 (Ubuntu 24.04)', now - HOUR, 0, 'eth0', named);
    await evidenceScan(['HW-NAMED-OLD'], told);
    const namedScan = async (owner: Owner, hwid: string) => {
      const pin = await t.createPin(owner.key, { type: 'Java', playerDiscordId: named.id });
      const sc = scanner(t);
      const res = await sc.finish(await sc.startOk(pin, [hwid]), report());
      expect(res.statusCode, res.body).toBe(200);
      return (await results(owner, pin)).warnings;
    };
    expect(machineWarnings(await namedScan(b, 'HW-NAMED-B'))).toEqual([]);
    expect(machineWarnings(await namedScan(a, 'HW-NAMED-A'))).toEqual([
      "First scan on this machine; the player's 1 earlier scan was on other machines",
    ]);
    // The same machine contradicting itself: A sees it, B has nothing to compare with.
    now += HOUR;
    const contradicting = machine(
      'Linux 5.10.0 (Debian GNU/Linux 11)',
      now - 30 * HOUR,
      0,
      'eth7',
      person('other'),
    );
    const inB = await evidenceScan(['HW-NAMED-OLD'], contradicting, 0, b);
    expect(machineWarnings(inB.data.warnings)).toEqual([]);
    const inA = await evidenceScan(['HW-NAMED-OLD'], contradicting, 0, a);
    expect(machineWarnings(inA.data.warnings)).toHaveLength(4);
  });

  it('never takes a hub for a machine, nor a scan that only a hub identified for one on another machine', async () => {
    now = T0 + 6 * DAY_MS;
    const [first, second, third] = [person('hub-1'), person('hub-2'), person('hub-3')] as const;
    // A third account on one hardware ID makes it a hub (HWID_HUB_THRESHOLD=2): it links nobody now.
    for (const p of [first, second, third])
      await scanner(t).scan(a.key, report({ discord: [p] }), ['HW-HUB'], 'Java');
    const hubs = await t.deps.store.db
      .selectFrom('hwids')
      .select('id')
      .where('hub_since', 'is not', null)
      .execute();
    expect(hubs.length).toBeGreaterThan(0);

    const told = machine('Linux 6.8.0 (Ubuntu 24.04)', now - 3 * HOUR, 0, 'eth0', first);
    await evidenceScan(['HW-HUB'], told);
    now += HOUR;
    const other = machine('Linux 5.10.0 (Debian GNU/Linux 11)', now - 30 * HOUR, 0, 'eth7', second);
    expect(machineWarnings((await evidenceScan(['HW-HUB'], other)).data.warnings)).toEqual([]);

    // The first account's earlier scans: all on the hub, so none on another machine it knows of.
    const pin = await t.createPin(a.key, { type: 'Java' });
    const sc = scanner(t);
    const token = await sc.startOk(pin, ['HW-HUB-FIRST-NEW']);
    await proveFor(t, pin, first);
    expect((await sc.finish(token, report({ discord: [first] }))).statusCode).toBe(200);
    expect(machineWarnings((await results(a, pin)).warnings)).toEqual([]);
  });

  it('keeps adapters and accounts as keyed hashes only, and lets them go with the scan', async () => {
    const erin = person('erin');
    now = T0 + 5 * DAY_MS;
    const { pin } = await evidenceScan(
      ['HW-KEPT-1'],
      machine('Linux 6.8.0 (Ubuntu 24.04)', now - HOUR, 0, 'enp3s0', erin),
    );
    const db = t.deps.store.db;
    const pinId = (await db.selectFrom('pins').select('id').where('code', '=', pin).executeTakeFirstOrThrow())
      .id;
    const rows = await db.selectFrom('hardware_facts').selectAll().where('pin_id', '=', pinId).execute();
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows);
    expect(text).toContain('Linux 6.8.0');
    expect(text).not.toContain('enp3s0');
    expect(text).not.toContain(erin.id);
    expect(Number(rows[0]?.booted_at)).toBe(now - HOUR);

    // Erasing the person removes what their scans told about their machines.
    await t.admin('POST', `/admin/v1/scanned-users/${erin.id}/erase`);
    expect(await db.selectFrom('hardware_facts').selectAll().where('pin_id', '=', pinId).execute()).toEqual(
      [],
    );

    // Retention removes them with the PIN.
    const { pin: later } = await evidenceScan(
      ['HW-KEPT-2'],
      machine('Linux 6.8.0 (Ubuntu 24.04)', now - HOUR, 0, 'enp3s0', person('x')),
    );
    const laterId = (
      await db.selectFrom('pins').select('id').where('code', '=', later).executeTakeFirstOrThrow()
    ).id;
    expect(
      await db.selectFrom('hardware_facts').select('pin_id').where('pin_id', '=', laterId).execute(),
    ).toHaveLength(1);
    now += 31 * DAY_MS;
    await applyRetention(t.deps);
    expect(
      await db.selectFrom('hardware_facts').select('pin_id').where('pin_id', '=', laterId).execute(),
    ).toEqual([]);
  });
});
