import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DiscordStandIn, startDiscordStandIn } from '../support/discord-stand-in.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';
import { must, type Outcome, send } from './http.js';
import { type StoreSnapshot, snapshot } from './invariants.js';
import type { CrashStore } from './store.js';

/*
 * Crash safety (docs/security.md): a driver writes through the published API with concurrency, the
 * server process is killed with SIGKILL at a random moment, restarted on the same store, and every
 * write that was answered 2xx is checked to be there with the same data, every PIN against the
 * lifecycle rules, and every event of an acknowledged change delivered to the webhook receiver.
 */

export interface CrashOptions {
  store: CrashStore;
  cycles: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** The kill comes this long (ms, drawn uniformly) after the writes begin. */
  killAfterMs?: readonly [number, number];
  log?: (line: string) => void;
  /** Runs while the server is down after each kill (the checker's own test tampers with the store here). */
  afterKill?: (cycle: number) => Promise<void>;
}

export interface CrashFigures {
  store: string;
  cycles: number;
  /** Writes answered 2xx, each checked against the store after the restarts that followed it. */
  acknowledgedWrites: number;
  lost: number;
  impossible: number;
  /** Requests that had no answer when the process died (their outcome may go either way). */
  unansweredAtKill: number;
  /** Of those, the ones found committed after the restart (then held to the same rules). */
  unansweredButCommitted: number;
  /** Acknowledged finishes whose player had proven the account: they fed the shared risk aggregates. */
  provenFinishes: number;
  eventsExpected: number;
  eventsDeliveredAfterRestart: number;
  eventsLost: number;
  /** Events received for a change the store does not hold. */
  phantomEvents: number;
  /** Deliveries of an event already received (at-least-once; the receiver dedupes by webhook-id). */
  redeliveries: number;
  /** Answers other than the one the driver expected, before any kill (5xx included). */
  unexpectedAnswers: number;
  serverErrors: number;
  /** The final SIGTERM: exit code 0 with requests in flight. */
  cleanShutdown: boolean;
  durationMs: number;
  problems: string[];
}

type Status = 'pending' | 'scanning' | 'finished' | 'error';
type Move = 'start' | 'progress' | 'finish' | 'fail';

interface Expect {
  status: Status;
  progress: number;
  result: string | null;
  detections: number;
}

interface PinEntry {
  code: string;
  /**
   * The account proven for the PIN's scan through the link its start gave (docs/risk-score.md, "Whose
   * scan it is"), once acknowledged or found committed: its finish counts for everyone.
   */
  player: string | null;
  /** The one-time proof link's token, from the start's answer. */
  proofToken: string | null;
  /** A proof was tried (one per PIN, after its start, before its finish). */
  proofTried: boolean;
  /** A proof sent without an answer: whether it was recorded is known at the next reconciliation. */
  proofInFlight: boolean;
  acked: Expect;
  inflight: { move: Move; next: Expect; users: string[] } | null;
  token: string | null;
  /** Started without the answer: the session token is lost, so the scan is left alone. */
  abandoned: boolean;
  busy: boolean;
  /** An acknowledged write since the last restart: also read back through the API. */
  touched: boolean;
}

interface BanEntry {
  id: number;
  status: string;
  reason: string;
  lifted: boolean;
  liftInFlight: boolean;
  busy: boolean;
}

const EVENT_OF: Record<Move, string | null> = {
  start: 'pin.started',
  progress: null,
  finish: 'pin.finished',
  fail: 'pin.failed',
};
const GAME_TYPES = ['Java', 'Bedrock', 'FiveM', 'Rust', 'Roblox'];
const USERS = Array.from({ length: 12 }, (_, i) => `31415926535897${String(1000 + i)}`);
const HWIDS = Array.from({ length: 24 }, (_, i) => `CRASH-HW-${i}`);
const ADMIN = 'crash-run-admin-token-0123456789abcdef';
/** A request sent this close to SIGTERM (on a loaded machine) may reach the server after it began closing. */
const SIGTERM_MARGIN_MS = 500;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

class Run {
  readonly pins = new Map<string, PinEntry>();
  readonly bans = new Map<number, BanEntry>();
  readonly users = new Set<string>();
  /** Expected events by `${pin}:${type}`, with when their change was known committed. */
  readonly expected = new Map<string, number>();
  readonly kills: number[] = [];
  readonly lostKeys = new Set<string>();
  readonly impossibleKeys = new Set<string>();
  readonly problems: string[] = [];
  killed = false;
  /** When SIGTERM was sent: a request sent later may be refused; one sent earlier must be answered. */
  sigtermAt: number | null = null;
  acked = 0;
  provenFinishes = 0;
  unanswered = 0;
  committedUnanswered = 0;
  unexpected = 0;
  serverErrors = 0;
  key: Record<string, string> = {};
  base = '';
  discord: DiscordStandIn | null = null;
  /** One proof at a time chooses who signs in at the Discord stand-in. */
  signingIn: Promise<unknown> = Promise.resolve();

  problem(line: string): void {
    if (this.problems.length < 40) this.problems.push(line);
  }

  /** A lost write, reported once however many reconciliations see it. */
  lost(key: string, line: string): void {
    if (!this.lostKeys.has(key)) this.problem(`lost: ${line}`);
    this.lostKeys.add(key);
  }

  /** A state no sequence of requests could produce, reported once. */
  impossible(key: string, line: string): void {
    if (!this.impossibleKeys.has(key)) this.problem(`impossible: ${line}`);
    this.impossibleKeys.add(key);
  }

  expect(code: string, type: string | null, at: number): void {
    const key = `${code}:${type}`;
    if (type !== null && !this.expected.has(key)) this.expected.set(key, at);
  }

  /**
   * An answer other than the 2xx the driver expected. No answer at all is an unknown outcome after a
   * kill (counted), and a failure before one.
   */
  refused(what: string, out: Outcome): void {
    if (this.sigtermAt !== null && out.sentAt >= this.sigtermAt - SIGTERM_MARGIN_MS) {
      // Sent as the server was closing: no answer, or the 503 service_unavailable, is the right one.
      if (!out.ok || out.status === 503) return;
    }
    if (!out.ok) {
      if (this.killed) this.unanswered++;
      else {
        this.unexpected++;
        this.problem(`${what}: no answer before any kill (${out.error})`);
      }
      return;
    }
    this.unexpected++;
    if (out.status >= 500) this.serverErrors++;
    this.problem(`${what}: ${out.status} ${JSON.stringify(out.body).slice(0, 300)}`);
  }
}

const admin = { 'x-admin-token': ADMIN };

function report(verdict: number, users: string[]) {
  return {
    detections: verdict === 2 ? ['Eulen'] : [],
    suspicious: verdict === 1 ? ['Injected module'] : [],
    warnings: [],
    untrusted: [],
    integrity: [],
    artifacts: [],
    vpn: null,
    country: 'DE',
    logon: null,
    scantime: '1m',
    windows: null,
    discord: users.map((id) => ({ id, username: `player-${id.slice(-4)}` })),
  };
}

async function createPin(run: Run): Promise<void> {
  const out = await send(run.base, 'POST', '/v1/pins/create', run.key, { type: pick(GAME_TYPES) });
  if (out.ok && out.status === 201) {
    const code = (out.body as { pin: string }).pin;
    run.acked++;
    run.pins.set(code, {
      code,
      player: null,
      proofToken: null,
      proofTried: false,
      proofInFlight: false,
      acked: { status: 'pending', progress: 0, result: null, detections: 0 },
      inflight: null,
      token: null,
      abandoned: false,
      busy: false,
      touched: true,
    });
    run.expect(code, 'pin.created', Date.now());
  } else run.refused('create', out);
}

const PROOF_COOKIE = 'scanpin_player_proof';

/**
 * The player proves an account for a running scan, as the link its scanner shows does: the link
 * page's form, Discord's consent (the stand-in), and back. An answered proof is acknowledged; one
 * without an answer is settled at the next reconciliation.
 */
async function prove(run: Run, pin: PinEntry): Promise<void> {
  pin.busy = true;
  pin.proofTried = true;
  const user = pick(USERS);
  const sentAt = Date.now();
  const failed = (what: string, status: number | null, error?: unknown) => {
    if (status === null) {
      if (run.killed) {
        run.unanswered++;
        pin.proofInFlight = true;
      } else if (run.sigtermAt === null || sentAt < run.sigtermAt - SIGTERM_MARGIN_MS) {
        run.unexpected++;
        run.problem(`prove ${pin.code}: ${what}: no answer before any kill (${String(error)})`);
      }
      return;
    }
    if (run.sigtermAt !== null && sentAt >= run.sigtermAt - SIGTERM_MARGIN_MS && status === 503) return;
    run.unexpected++;
    if (status >= 500) run.serverErrors++;
    run.problem(`prove ${pin.code}: ${what} answered ${status}`);
  };
  try {
    let leave: Response;
    try {
      leave = await fetch(`${run.base}/scan/discord`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: run.base },
        body: `token=${pin.proofToken}`,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      return failed('the form', null, err);
    }
    if (leave.status !== 303) return failed('the form', leave.status);
    const attempt = leave.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${PROOF_COOKIE}=`))
      ?.split(';')[0];
    const discord = run.discord as DiscordStandIn;
    // The stand-in approves as whoever is set when it is asked; proofs take turns there.
    const turn = run.signingIn
      .catch(() => {})
      .then(async () => {
        discord.user = { id: user, username: `player-${user.slice(-4)}`, global_name: null };
        const approved = await fetch(leave.headers.get('location') ?? '', { redirect: 'manual' });
        return approved.headers.get('location') ?? '';
      });
    run.signingIn = turn;
    const back = turn;
    let callback: Response;
    try {
      callback = await fetch(await back, {
        headers: { cookie: attempt ?? '' },
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
      await callback.text();
    } catch (err) {
      return failed('the callback', null, err);
    }
    if (callback.status !== 200) return failed('the callback', callback.status);
    run.acked++;
    pin.player = user;
  } finally {
    pin.busy = false;
  }
}

async function movePin(run: Run, pin: PinEntry): Promise<void> {
  pin.busy = true;
  try {
    const bearer = { authorization: `Bearer ${pin.token}` };
    let move: Move;
    let next: Expect;
    let out: Outcome;
    let users: string[] = [];
    if (pin.acked.status === 'pending') {
      move = 'start';
      next = { status: 'scanning', progress: 0, result: null, detections: 0 };
      pin.inflight = { move, next, users };
      const hwids = [pick(HWIDS), pick(HWIDS)];
      out = await send(run.base, 'POST', '/v1/scanner/start', {}, { pin: pin.code, hwids });
      if (out.ok && out.status === 201) {
        const started = out.body as { sessionToken: string; proof: { url: string } | null };
        pin.token = started.sessionToken;
        pin.proofToken =
          started.proof === null ? null : (new URL(started.proof.url).pathname.split('/').pop() ?? null);
      }
    } else {
      const r = Math.random();
      if (r < 0.5) {
        move = 'progress';
        const progress = Math.min(99, pin.acked.progress + between(1, 20));
        next = { ...pin.acked, progress };
        pin.inflight = { move, next, users };
        out = await send(run.base, 'POST', '/v1/scanner/progress', bearer, {
          progress,
          statusMessage: `Checking step ${progress}`,
        });
      } else if (r < 0.85) {
        move = 'finish';
        const verdict = between(0, 2);
        // The report's first account is the proven player, when there is one; the other is claimed.
        const reported = [pin.player ?? pick(USERS), pick(USERS)];
        users = pin.player === null ? [] : [pin.player];
        next = {
          status: 'finished',
          progress: 100,
          // The run's scanner calls are unsigned, an unverified client's: never legit
          // (docs/scan-client.md, "Trust").
          result: ['suspicious', 'suspicious', 'cheating'][verdict] as string,
          detections: verdict === 2 ? 1 : 0,
        };
        pin.inflight = { move, next, users };
        out = await send(run.base, 'POST', '/v1/scanner/finish', bearer, report(verdict, reported));
        if (out.ok && out.status === 200 && (out.body as { result: string }).result !== next.result) {
          run.problem(`finish ${pin.code}: answered ${JSON.stringify(out.body)}, expected ${next.result}`);
          run.unexpected++;
        }
      } else {
        move = 'fail';
        next = { ...pin.acked, status: 'error' };
        pin.inflight = { move, next, users };
        out = await send(run.base, 'POST', '/v1/scanner/fail', bearer, {
          message: 'The scan client crashed',
        });
      }
    }
    if (out.ok && out.status < 300) {
      run.acked++;
      pin.acked = next;
      if (move === 'finish' && pin.player !== null) run.provenFinishes++;
      pin.inflight = null;
      pin.touched = true;
      for (const u of users) run.users.add(u);
      run.expect(pin.code, EVENT_OF[move], Date.now());
    } else if (!out.ok && run.killed) {
      run.unanswered++;
    } else if (
      run.sigtermAt !== null &&
      out.sentAt >= run.sigtermAt - SIGTERM_MARGIN_MS &&
      (!out.ok || out.status === 503)
    ) {
      // Sent as the server was closing: refused (503, nothing written) or unknown (no answer).
      if (out.ok) pin.inflight = null;
      pin.abandoned = true;
    } else {
      run.refused(`${move} ${pin.code}`, out);
      pin.inflight = null;
      pin.abandoned = true;
    }
  } finally {
    pin.busy = false;
  }
}

async function ban(run: Run): Promise<void> {
  const status = pick(['banned', 'warned']);
  const reason = `Crash run ban ${run.bans.size + 1}`;
  const out = await send(run.base, 'POST', `/admin/v1/scanned-users/${pick([...run.users])}/bans`, admin, {
    status,
    reason,
  });
  if (out.ok && out.status === 201) {
    run.acked++;
    const id = (out.body as { id: number }).id;
    run.bans.set(id, { id, status, reason, lifted: false, liftInFlight: false, busy: false });
  } else run.refused('ban', out);
}

async function lift(run: Run, entry: BanEntry): Promise<void> {
  entry.busy = true;
  entry.liftInFlight = true;
  const out = await send(run.base, 'DELETE', `/admin/v1/bans/${entry.id}`, admin);
  if (out.ok && out.status === 204) {
    run.acked++;
    entry.lifted = true;
    entry.liftInFlight = false;
  } else if (!out.ok && run.killed) run.unanswered++;
  else {
    if (out.ok) entry.liftInFlight = false;
    run.refused(`lift ${entry.id}`, out);
  }
  entry.busy = false;
}

/** One worker: a random write at a time until the process is killed. */
async function worker(run: Run): Promise<void> {
  while (!run.killed && run.sigtermAt === null) {
    const movable = [...run.pins.values()].filter(
      (p) => !p.busy && !p.abandoned && (p.acked.status === 'pending' || p.acked.status === 'scanning'),
    );
    const liftable = [...run.bans.values()].filter((b) => !b.lifted && !b.busy);
    const r = Math.random();
    if (r < 0.07 && run.users.size > 0) await ban(run);
    else if (r < 0.11 && liftable.length > 0) await lift(run, pick(liftable));
    else if (r < 0.35 || movable.length === 0) await createPin(run);
    else {
      const pin = pick(movable);
      if (
        pin.acked.status === 'scanning' &&
        pin.proofToken !== null &&
        !pin.proofTried &&
        Math.random() < 0.7
      )
        await prove(run, pin);
      else await movePin(run, pin);
    }
  }
}

function same(row: { status: string; progress: number; result: string | null }, e: Expect): boolean {
  return row.status === e.status && row.progress === e.progress && (row.result ?? null) === e.result;
}

/** Holds the ledger against the store: what was acknowledged must be there; what was not answered may be. */
function reconcile(run: Run, snap: StoreSnapshot): void {
  const now = Date.now();
  for (const line of snap.impossible) run.impossible(line, line);
  for (const pin of run.pins.values()) {
    const row = snap.pins.get(pin.code);
    const inflight = pin.inflight;
    pin.inflight = null;
    pin.busy = false;
    if (row === undefined) {
      run.lost(pin.code, `PIN ${pin.code} is gone`);
      continue;
    }
    const proven = snap.proven.get(pin.code) ?? null;
    if (pin.proofInFlight && proven !== null && pin.player === null) {
      run.committedUnanswered++;
      pin.player = proven;
    }
    pin.proofInFlight = false;
    if (proven !== pin.player) {
      run.lost(`${pin.code}:player`, `PIN ${pin.code} proven for ${pin.player}, stored ${proven}`);
    }
    if (same(row, pin.acked)) continue;
    if (inflight !== null && same(row, inflight.next)) {
      run.committedUnanswered++;
      pin.acked = inflight.next;
      pin.touched = true;
      if (inflight.move === 'start') pin.abandoned = true;
      for (const u of inflight.users) run.users.add(u);
      run.expect(pin.code, EVENT_OF[inflight.move], now);
      continue;
    }
    run.lost(
      `${pin.code}:${JSON.stringify(pin.acked)}`,
      `PIN ${pin.code} acknowledged ${JSON.stringify(pin.acked)}, stored ${row.status}/${row.progress}/${row.result}`,
    );
  }
  for (const b of run.bans.values()) {
    const row = snap.bans.get(b.id);
    const liftInFlight = b.liftInFlight;
    b.liftInFlight = false;
    b.busy = false;
    const key = `ban ${b.id}`;
    if (
      row === undefined ||
      row.status !== b.status ||
      row.reason !== b.reason ||
      (b.lifted && !row.lifted)
    ) {
      run.lost(key, `ban ${b.id} ${JSON.stringify(b)} stored ${JSON.stringify(row)}`);
    } else if (row.lifted && !b.lifted) {
      if (liftInFlight) {
        run.committedUnanswered++;
        b.lifted = true;
      } else {
        run.impossible(key, `ban ${b.id} lifted without a lift`);
      }
    }
  }
}

/** Reads back through the API what was acknowledged since the last restart. */
async function readBack(run: Run): Promise<void> {
  const touched = [...run.pins.values()].filter((p) => p.touched);
  for (const p of touched) p.touched = false;
  const check = async (p: PinEntry) => {
    const status = await send(run.base, 'GET', `/v1/pins/${p.code}/status`, run.key);
    const body = (status.ok ? status.body : {}) as {
      status?: string;
      progress?: number;
      result?: string | null;
      used?: boolean;
    };
    const wrong =
      !status.ok ||
      status.status !== 200 ||
      body.status !== p.acked.status ||
      body.progress !== p.acked.progress ||
      (body.result ?? null) !== p.acked.result ||
      body.used !== (p.acked.status !== 'pending' || p.abandoned);
    if (wrong && !p.abandoned) {
      run.lostKeys.add(`api ${p.code}`);
      run.problem(
        `lost: GET status ${p.code} shows ${JSON.stringify(body).slice(0, 200)}, acknowledged ${JSON.stringify(p.acked)}`,
      );
    }
    if (p.acked.status === 'finished') {
      const results = await send(run.base, 'GET', `/v1/pins/${p.code}/results`, run.key);
      const r = (results.ok ? results.body : {}) as { result?: string; data?: { detections?: unknown[] } };
      if (r.result !== p.acked.result || r.data?.detections?.length !== p.acked.detections) {
        run.lostKeys.add(`api results ${p.code}`);
        run.problem(`lost: GET results ${p.code} shows ${JSON.stringify(r).slice(0, 200)}`);
      }
    }
  };
  for (let i = 0; i < touched.length; i += 8) await Promise.all(touched.slice(i, i + 8).map(check));
}

export async function runCrashCycles(options: CrashOptions): Promise<CrashFigures> {
  const { store, cycles, concurrency = 8, killAfterMs = [150, 2_000], log = () => {}, afterKill } = options;
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-crash-run-'));
  const run = new Run();
  const port = await freePort();
  run.base = `http://127.0.0.1:${port}`;
  const receiver: Receiver = await startReceiver();
  const discord = await startDiscordStandIn();
  run.discord = discord;
  // Some deliveries fail, so retries are part of what a crash interrupts.
  const answered = new Map<number, number>();
  receiver.answer = (_request, index) => {
    const status = Math.random() < 0.1 ? 503 : 200;
    answered.set(index, status);
    return status;
  };
  const stderr: string[] = [];
  let child: ChildProcess | undefined;
  const start = async () => {
    child = startServerProcess(
      dir,
      {
        PORT: String(port),
        DATABASE_URL: store.databaseUrl,
        SCANPIN_ADMIN_TOKEN: ADMIN,
        SCANPIN_HASH_SECRET: 'crash-run-hash-secret-0123456789',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1',
        // A delivery claimed at a kill goes out again after three times this (docs/webhooks.md); the
        // receiver answers at once, so 2 s is ample and the wait for it 6 s, not 30.
        WEBHOOK_TIMEOUT_SECONDS: '2',
        RATE_LIMIT_PER_HOUR: '100000000',
        MAX_ACTIVE_PINS: '1000000',
        // Long runs on a busy machine outlast the default 15 minutes: no scan may time out on its own here.
        SCAN_IDLE_TIMEOUT_SECONDS: '86400',
        PIN_TTL_SECONDS: '86400',
        UNAUTHENTICATED_PER_MINUTE: '1000000',
        SCANNER_START_PER_MINUTE: '1000000',
        LOG_LEVEL: process.env.CRASH_SERVER_LOG_LEVEL ?? 'warn',
        // Players prove their Discord account for a PIN on the /scan page (docs/risk-score.md).
        ...discord.env(run.base),
        ...(process.env.CRASH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.CRASH_NODE_OPTIONS } : {}),
      },
      ['ignore', 'pipe', 'pipe'],
    );
    child.stdout?.on('data', (d: Buffer) => {
      stderr.push(d.toString());
      if (stderr.length > 200) stderr.shift();
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr.push(d.toString());
      if (stderr.length > 200) stderr.shift();
    });
    await waitForReady(run.base, child, 300);
  };
  const check = async () => {
    const reader = await store.reader();
    try {
      const snap = await snapshot(reader, 1);
      reconcile(run, snap);
      return snap;
    } finally {
      await reader.close();
    }
  };

  let cleanShutdown = false;
  let phantom = 0;
  let redeliveries = 0;
  let lostEvents = 0;
  let afterRestart = 0;
  try {
    await start();
    const made = await must<{ key: string }>(run.base, 'POST', '/admin/v1/bootstrap', admin, {
      enterprise: 'Crash run',
    });
    run.key = { 'x-api-key': made.key };
    await must(run.base, 'POST', '/v1/webhooks', run.key, { url: receiver.url });

    for (let cycle = 1; cycle <= cycles; cycle++) {
      run.killed = false;
      const workers = Array.from({ length: concurrency }, () => worker(run));
      await new Promise((r) => setTimeout(r, between(killAfterMs[0], killAfterMs[1])));
      const proc = child as ChildProcess;
      const exited = new Promise((r) => proc.once('exit', r));
      run.killed = true;
      run.kills.push(Date.now());
      proc.kill('SIGKILL');
      await exited;
      await Promise.all(workers);
      await afterKill?.(cycle);
      await start();
      await check();
      await readBack(run);
      log(
        `${store.name} cycle ${cycle}/${cycles}: ${run.acked} acknowledged, ${run.pins.size} PINs, ${run.lostKeys.size} lost, ${run.impossibleKeys.size} impossible`,
      );
    }

    // SIGTERM with writes in flight: each one sent before it is answered, the process exits 0, and
    // what it acknowledged is there after one more start.
    run.killed = false;
    const workers = Array.from({ length: concurrency }, () => worker(run));
    await new Promise((r) => setTimeout(r, 300));
    const proc = child as ChildProcess;
    const exit = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    run.sigtermAt = Date.now();
    run.kills.push(run.sigtermAt);
    proc.kill('SIGTERM');
    const code = await Promise.race([
      exit,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000)),
    ]);
    await Promise.all(workers);
    cleanShutdown = code === 0;
    if (!cleanShutdown)
      run.problem(`SIGTERM: the process ended with ${code}; it said: ${stderr.join('').slice(-3000)}`);
    await start();
    await check();
    await readBack(run);
    // Every event of a committed change arrives, at least once, from the last restarted server. A
    // delivery claimed at a kill waits out its claim (6 s) first; the SIGTERM round above runs meanwhile.
    const keyOf = (body: string) => {
      const e = JSON.parse(body) as { type: string; data: { pin: string } };
      return `${e.data.pin}:${e.type}`;
    };
    const accepted = () => receiver.received.filter((_r, i) => answered.get(i) === 200);
    const arrived = () => new Set(accepted().map((r) => keyOf(r.body)));
    // The backlog left by many kills drains at the worker's pace (docs/webhooks.md), so the wait goes
    // on while deliveries keep arriving; an event is lost when nothing has arrived for longer than a
    // claim is held, or after 15 minutes in all.
    const giveUpAt = Date.now() + 900_000;
    let lastCount = -1;
    let lastProgressAt = Date.now();
    while (Date.now() < giveUpAt && Date.now() - lastProgressAt < 45_000) {
      const seen = arrived();
      if ([...run.expected.keys()].every((k) => seen.has(k))) break;
      if (receiver.received.length !== lastCount) {
        lastCount = receiver.received.length;
        lastProgressAt = Date.now();
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const firstAt = new Map<string, number>();
    const ids = new Set<string>();
    for (const r of accepted()) {
      const k = keyOf(r.body);
      if (!firstAt.has(k)) firstAt.set(k, r.at);
      const id = String(r.headers['webhook-id']);
      if (ids.has(id)) redeliveries++;
      ids.add(id);
    }
    for (const [k, ackAt] of run.expected) {
      const at = firstAt.get(k);
      if (at === undefined) {
        lostEvents++;
        run.problem(`event lost: ${k}`);
      } else if (run.kills.some((kill) => kill >= ackAt - 5 && kill < at)) afterRestart++;
    }
    if (lostEvents > 0) {
      // What the outbox says of them, to tell a stuck worker from a delivery given up.
      const reader = await store.reader();
      try {
        const states = await reader.all<{ state: string; n: number }>(
          'select state, count(*) as n from webhook_deliveries group by state',
        );
        run.problem(
          `deliveries by state: ${JSON.stringify(states)}; server said: ${stderr.join('').slice(-1500)}`,
        );
      } finally {
        await reader.close();
      }
    }
    const final = await check();
    for (const k of firstAt.keys()) {
      const [pinCode, type] = k.split(':') as [string, string];
      const row = final.pins.get(pinCode);
      const holds =
        row !== undefined &&
        (type === 'pin.created' ||
          ((type === 'pin.started' || type === 'pin.progress') && row.used === 1) ||
          (type === 'pin.finished' && row.status === 'finished') ||
          (type === 'pin.failed' && row.status === 'error') ||
          (type === 'pin.expired' && row.status === 'expired'));
      if (!holds) {
        phantom++;
        run.problem(`phantom event: ${k}, stored ${row?.status}`);
      }
    }

    const last = child as ChildProcess;
    const lastExit = new Promise<number | null>((r) => last.once('exit', (exitCode) => r(exitCode)));
    last.kill('SIGTERM');
    const lastCode = await lastExit;
    child = undefined;
    if (lastCode !== 0) {
      cleanShutdown = false;
      run.problem(`the last SIGTERM: the process ended with ${lastCode}`);
    }
  } catch (err) {
    run.problem(
      `run stopped: ${err instanceof Error ? err.message : String(err)}; server said: ${stderr.join('').slice(-1500)}`,
    );
  } finally {
    child?.kill('SIGKILL');
    await receiver.close();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    store: store.name,
    cycles,
    acknowledgedWrites: run.acked,
    lost: run.lostKeys.size,
    impossible: run.impossibleKeys.size,
    unansweredAtKill: run.unanswered,
    unansweredButCommitted: run.committedUnanswered,
    provenFinishes: run.provenFinishes,
    eventsExpected: run.expected.size,
    eventsDeliveredAfterRestart: afterRestart,
    eventsLost: lostEvents,
    phantomEvents: phantom,
    redeliveries,
    unexpectedAnswers: run.unexpected,
    serverErrors: run.serverErrors,
    cleanShutdown,
    durationMs: Date.now() - started,
    problems: run.problems,
  };
}
