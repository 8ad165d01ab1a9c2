import { PIN_STATUSES, type PinStatus } from '../../src/domain/pin-lifecycle.js';
import { TIMELINE_KINDS } from '../../src/domain/pin-timeline.js';
import type { RowReader } from './store.js';

/** A PIN as its row stands, plus what hangs off it, as the invariants below need it. */
export interface PinRow {
  id: number;
  code: string;
  status: PinStatus;
  progress: number;
  result: string | null;
  used: number;
  has_token: number | boolean;
  finished_at: number | null;
  revision: number;
}

interface ReportRow {
  pin_id: number;
  detections: string;
  suspicious: string;
  untrusted: string;
  integrity: string;
  custom_suspicious: string;
  discord: string;
  assurance: string | null;
}

/** What a store holds after a restart: the PIN rows by code, and every broken rule found. */
export interface StoreSnapshot {
  pins: Map<string, PinRow>;
  /** The account proven for each PIN that has one, by PIN code. */
  proven: Map<string, string>;
  bans: Map<number, { status: string; reason: string; lifted: boolean }>;
  /** One line per PIN (or counter) in a state the rules cannot produce. */
  impossible: string[];
}

/** The verdict a stored report must carry (docs/api.md, "Lifecycle": computed by the server). */
function verdictOfStored(r: ReportRow): string {
  const list = (s: string) => (JSON.parse(s) as unknown[]).length;
  if (list(r.detections) > 0) return 'cheating';
  const findings = list(r.suspicious) + list(r.untrusted) + list(r.integrity) + list(r.custom_suspicious);
  // A scan whose assurance is not high is never legit (docs/scan-client.md, "Trust").
  const trusted = r.assurance === null || (JSON.parse(r.assurance) as { level: string }).level === 'high';
  return findings > 0 || !trusted ? 'suspicious' : 'legit';
}

/** The event each stored lifecycle move must have left in the outbox, written with the move. */
function expectedEvents(pin: PinRow): string[] {
  const events = ['pin.created'];
  if (pin.used) events.push('pin.started');
  if (pin.status === 'finished') events.push('pin.finished');
  if (pin.status === 'error') events.push('pin.failed');
  if (pin.status === 'expired') events.push('pin.expired');
  return events;
}

/** The order timeline entries may come in: created, started, progress…, one final entry. */
const RANK: Record<string, number> = {
  created: 0,
  started: 1,
  progress: 2,
  finished: 3,
  failed: 3,
  expired: 3,
};

/**
 * Reads every PIN and checks it against the lifecycle (src/domain/pin-lifecycle.ts) and the way its
 * writes are made (each move one transaction with its report, its outbox events and its timeline
 * entry): a crash can lose an unacknowledged move, never leave half of one.
 */
export async function snapshot(reader: RowReader, endpoints: number): Promise<StoreSnapshot> {
  const impossible: string[] = [];
  const pinRows = await reader.all<PinRow>(
    'select id, code, status, progress, result, used, case when session_token_hash is null then 0 else 1 end as has_token, finished_at, revision from pins',
  );
  const reports = new Map(
    (
      await reader.all<ReportRow>(
        'select pin_id, detections, suspicious, untrusted, integrity, custom_suspicious, discord, assurance from scan_reports',
      )
    ).map((r) => [r.pin_id, r]),
  );
  const hwidCounts = new Map(
    (
      await reader.all<{ pin_id: number; n: number }>(
        'select pin_id, count(*) as n from scan_hwids group by pin_id',
      )
    ).map((r) => [r.pin_id, Number(r.n)]),
  );
  const timeline = new Map<number, { at: number; kind: string }[]>();
  for (const t of await reader.all<{ pin_id: number; at: number; kind: string }>(
    'select pin_id, at, kind from pin_timeline order by pin_id, id',
  )) {
    timeline.set(t.pin_id, [...(timeline.get(t.pin_id) ?? []), t]);
  }
  // Each account of a finished scan is recorded with it (docs/risk-score.md, "Whose scan it is").
  const accounts = new Map<number, { discordId: string; shared: boolean }[]>();
  for (const a of await reader.all<{ pin_id: number; discord_id: string; shared: number }>(
    'select pin_id, discord_id, shared from scan_accounts',
  )) {
    accounts.set(a.pin_id, [
      ...(accounts.get(a.pin_id) ?? []),
      { discordId: a.discord_id, shared: Number(a.shared) === 1 },
    ]);
  }
  const proven = new Map(
    (
      await reader.all<{ code: string; proven_discord_id: string }>(
        'select p.code, pp.proven_discord_id from pin_players pp join pins p on p.id = pp.pin_id where pp.proven_discord_id is not null',
      )
    ).map((r) => [r.code, r.proven_discord_id]),
  );
  const events = new Map<number, string[]>();
  const undelivered: number[] = [];
  for (const e of await reader.all<{ id: number; pin_id: number | null; type: string; deliveries: number }>(
    'select e.id, e.pin_id, e.type, (select count(*) from webhook_deliveries d where d.event_id = e.id) as deliveries from webhook_events e',
  )) {
    if (e.pin_id !== null) events.set(e.pin_id, [...(events.get(e.pin_id) ?? []), e.type]);
    if (Number(e.deliveries) !== endpoints) undelivered.push(e.id);
  }
  if (undelivered.length > 0)
    impossible.push(`outbox events without one delivery per endpoint: ${undelivered.slice(0, 5).join(', ')}`);

  const pins = new Map<string, PinRow>();
  for (const pin of pinRows) {
    pins.set(pin.code, pin);
    const why: string[] = [];
    const report = reports.get(pin.id);
    const hwids = hwidCounts.get(pin.id) ?? 0;
    const token = Boolean(Number(pin.has_token));
    if (!PIN_STATUSES.includes(pin.status)) why.push(`unknown status ${pin.status}`);
    if (!(pin.progress >= 0 && pin.progress <= 100)) why.push(`progress ${pin.progress}`);
    if (pin.status !== 'finished' && pin.result !== null)
      why.push(`result ${pin.result} while ${pin.status}`);
    if (pin.status !== 'finished' && report !== undefined) why.push(`a report while ${pin.status}`);
    if (pin.status !== 'finished' && pin.finished_at !== null) why.push(`finished_at while ${pin.status}`);
    if (pin.status === 'pending' && (pin.used || token || hwids > 0 || pin.progress !== 0))
      why.push('pending but started (used, session, hardware or progress)');
    // A finished scan tied to nobody keeps no record of its hardware: it counts for no one through it.
    const tied = (accounts.get(pin.id) ?? []).some((a) => a.shared);
    if (pin.status === 'scanning' || pin.status === 'finished' || (pin.status === 'error' && pin.used)) {
      if (!pin.used || !token || (hwids === 0 && (pin.status !== 'finished' || tied)))
        why.push(`${pin.status} without a start (used, session, hardware)`);
    }
    if (pin.status === 'finished' && !tied && hwids > 0) why.push('tied to nobody, yet its hardware kept');
    if (pin.status !== 'finished' && accounts.has(pin.id)) why.push(`accounts recorded while ${pin.status}`);
    if (pin.status === 'finished' && report !== undefined) {
      const recorded = new Set((accounts.get(pin.id) ?? []).map((a) => a.discordId));
      const reported = (JSON.parse(report.discord) as { id: string }[]).map((d) => d.id);
      if (reported.some((id) => !recorded.has(id))) why.push('reported accounts not recorded with the scan');
      const player = proven.get(pin.code);
      if (
        player !== undefined &&
        !(accounts.get(pin.id) ?? []).some((a) => a.discordId === player && a.shared)
      )
        why.push('the proven player does not count for everyone');
    }
    if (pin.status === 'finished') {
      if (pin.progress !== 100) why.push(`finished at progress ${pin.progress}`);
      if (report === undefined) why.push('finished without a report');
      else if (pin.result !== verdictOfStored(report))
        why.push(`result ${pin.result}, report says ${verdictOfStored(report)}`);
      if (pin.finished_at === null) why.push('finished without finished_at');
    }
    const entries = timeline.get(pin.id) ?? [];
    // Every write after the insert bumps the revision once and adds at most one timeline entry.
    if (pin.status === 'pending' && pin.revision !== 0) why.push(`pending at revision ${pin.revision}`);
    if (pin.revision < entries.length - 1)
      why.push(`revision ${pin.revision} behind its ${entries.length} timeline entries`);
    const kinds = entries.map((e) => e.kind);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const before = entries[i - 1];
      if (e === undefined) continue;
      if (!(TIMELINE_KINDS as readonly string[]).includes(e.kind)) why.push(`timeline kind ${e.kind}`);
      if (before !== undefined && ((RANK[e.kind] ?? 9) < (RANK[before.kind] ?? 9) || e.at < before.at))
        why.push(`timeline out of order: ${before.kind} then ${e.kind}`);
      if (before !== undefined && (RANK[before.kind] ?? 0) === 3)
        why.push(`timeline goes on after ${before.kind}`);
    }
    if (kinds[0] !== 'created') why.push(`timeline starts with ${kinds[0] ?? 'nothing'}`);
    if (pin.used && !kinds.includes('started')) why.push('started without a timeline entry');
    const final = { finished: 'finished', error: 'failed', expired: 'expired' }[pin.status as string];
    if (final !== undefined && pin.status !== 'expired' && kinds.at(-1) !== final)
      why.push(`${pin.status} but the timeline ends with ${kinds.at(-1)}`);
    const stored = [...(events.get(pin.id) ?? [])].filter((t) => t !== 'pin.progress').sort();
    const wanted = expectedEvents(pin).sort();
    // An expiry is written by the sweeper later; reads derive it. Only the other moves must match.
    const comparable = (list: string[]) => list.filter((t) => t !== 'pin.expired');
    if (comparable(stored).join() !== comparable(wanted).join())
      why.push(`outbox holds [${stored.join(', ')}], the state needs [${wanted.join(', ')}]`);
    if (why.length > 0) impossible.push(`PIN ${pin.code} (${pin.status}): ${why.join('; ')}`);
  }

  impossible.push(...(await inconsistentCounters(reader, accounts)));

  const bans = new Map(
    (
      await reader.all<{ id: number; status: string; reason: string; lifted_at: number | null }>(
        'select id, status, reason, lifted_at from bans',
      )
    ).map((b) => [b.id, { status: b.status, reason: b.reason, lifted: b.lifted_at !== null }]),
  );
  return { pins, proven, bans, impossible };
}

/**
 * The risk counters are bumped in the finish's transaction, so after any crash they equal what the
 * rows they count say (docs/risk-score.md).
 */
async function inconsistentCounters(
  reader: RowReader,
  accounts: Map<number, { discordId: string; shared: boolean }[]>,
): Promise<string[]> {
  const out: string[] = [];
  const finishedOnHwid = new Map(
    (
      await reader.all<{ hwid_id: number; n: number }>(
        "select sh.hwid_id, count(*) as n from scan_hwids sh join pins p on p.id = sh.pin_id where p.status = 'finished' group by sh.hwid_id",
      )
    ).map((r) => [r.hwid_id, Number(r.n)]),
  );
  for (const h of await reader.all<{ id: number; total_scans: number }>(
    'select id, total_scans from hwids',
  )) {
    const want = finishedOnHwid.get(h.id) ?? 0;
    if (Number(h.total_scans) !== want)
      out.push(`hardware profile ${h.id}: total_scans ${h.total_scans}, ${want} finished scans`);
  }
  // A user's own scans are those that counted for them as one of their accounts.
  const named = new Map<string, number>();
  for (const list of accounts.values()) {
    for (const a of list) if (a.shared) named.set(a.discordId, (named.get(a.discordId) ?? 0) + 1);
  }
  const userScans = new Map(
    (
      await reader.all<{ user_id: number; n: number }>(
        'select user_id, count(*) as n from user_scans group by user_id',
      )
    ).map((r) => [r.user_id, Number(r.n)]),
  );
  for (const u of await reader.all<{ id: number; discord_id: string; scans: number; own_scans: number }>(
    'select id, discord_id, scans, own_scans from scanned_users',
  )) {
    if (Number(u.own_scans) !== (named.get(u.discord_id) ?? 0))
      out.push(
        `scanned user ${u.id}: own_scans ${u.own_scans}, counted for them in ${named.get(u.discord_id) ?? 0} reports`,
      );
    if (Number(u.scans) !== (userScans.get(u.id) ?? 0))
      out.push(`scanned user ${u.id}: scans ${u.scans}, ${userScans.get(u.id) ?? 0} counted scans`);
  }
  return out;
}
