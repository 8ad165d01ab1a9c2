import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { cutEscaped, escapeText } from '@scanpin/evidence';
import type { EvidenceDocument, EvidenceReceipt, ScanPlan, StartAnswer } from '../evidence/document.js';
import { type ClientIdentity, DEVELOPMENT, identityHeaders } from './signature.js';
import { post as sendPost } from './transport.js';

/** The answer of `POST /v1/scanner/preview` (docs/scanner.md, "Before the consent"). */
export interface ScanPreview {
  pin: string;
  type: string;
  community: string;
  expiresAt: string;
  plan: ScanPlan;
  discordProof: boolean;
}

function isPreview(answer: unknown): answer is ScanPreview {
  const a = answer as Partial<ScanPreview> | null | undefined;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.type === 'string' &&
    typeof a.community === 'string' &&
    typeof a.discordProof === 'boolean' &&
    Array.isArray(a.plan?.sources) &&
    a.plan.sources.every((source) => typeof source === 'string')
  );
}

/** A refusal from the server, with its stable code and a sentence for the player. */
export class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'ServerRefusal';
  }
}

/** What the player should read for the refusals a scan meets; the server's own detail otherwise. */
const FOR_PLAYERS: Record<string, string> = {
  pin_not_found: 'That PIN does not exist. Check it with the staff member who gave it to you.',
  invalid_pin_code: 'A PIN is 8 characters of A–Z and 2–9 (no 0, 1, I or O). Check it and try again.',
  pin_already_used: 'That PIN was already used for a scan. Ask the staff for a new one.',
  pin_expired: 'That PIN has expired. Ask the staff for a new one.',
  scan_closed:
    'The scan was closed on the server (it finished, failed or timed out). Ask the staff for a new PIN.',
  rate_limited: 'Too many scans were started from your connection. Wait a minute and try again.',
};

const TIMEOUT_MS = 60_000;

/**
 * Redirects followed within the server's own origin (a reverse proxy's trailing-slash rule, say).
 * Each call re-sends the PIN, the hardware IDs or the evidence, so a redirect to any other origin
 * (another host, port, or https to http) is never followed (docs/scan-client.md, "The server address").
 */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The server sent the scanner somewhere it will not go; the message is for the player. */
export class RedirectRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedirectRefused';
  }
}

/**
 * The server refuses a signature whose timestamp is more than 300 s from its clock. A player's clock
 * that far off is corrected from the server's `Date` header (docs/scan-client.md, "Official builds").
 */
const CLOCK_TRUST_MS = 60_000;
/** The server remembers an accepted signature until its timestamp leaves that window. */
const REPLAY_WINDOW_MS = 600_000;

/** The scanner API of one scanpin server (docs/scanner.md), signed as `identity`. */
export class ScanServer {
  /** The server's clock minus this one's, once a response showed them far apart. */
  private clockOffsetMs = 0;
  /** Signatures sent, with when: two identical calls in one second would sign alike and be refused. */
  private readonly sent = new Map<string, number>();

  constructor(
    private readonly base: URL,
    private readonly identity: ClientIdentity = DEVELOPMENT,
  ) {}

  /** The server's host (and port), as the consent prompt names it. */
  get host(): string {
    return this.base.host;
  }

  /** A page of this server, for the player to open in a browser. */
  pageUrl(path: string): string {
    return new URL(path, this.base).toString();
  }

  /**
   * One POST, following at most `MAX_REDIRECTS` redirects inside the server's origin, each re-sending
   * the same request; a redirect anywhere else is refused before anything is sent there.
   */
  private async post(
    path: string,
    body: Uint8Array,
    headers: Record<string, string>,
    sessionToken: string | null,
  ): Promise<Response> {
    let url = new URL(path, this.base);
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    for (let redirects = 0; ; redirects++) {
      let res: Response;
      const signed = await this.sign(url.pathname, body, sessionToken);
      try {
        res = await sendPost(url, {
          headers: { 'content-type': 'application/json', ...headers, ...signed },
          body,
          signal,
        });
      } catch (error) {
        const { cause } = error as { cause?: { code?: string; message?: string } };
        const why = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new Error(
          `Cannot reach the scan server at ${this.base.origin} (${why}). Check your connection and the address.`,
        );
      }
      this.learnClock(res);
      if (!REDIRECT_STATUSES.has(res.status)) return res;
      await res.body?.cancel();
      const location = res.headers.get('location');
      const next =
        location === null ? null : URL.canParse(location, url.href) ? new URL(location, url) : null;
      if (next === null || next.origin !== this.base.origin)
        throw new RedirectRefused(
          `The scan server at ${this.base.origin} tried to send the scan to ${next?.origin ?? 'another address'}. The scanner does not follow it: your PIN and the scan are only for the address you gave. Check the address with the staff.`,
        );
      if (redirects >= MAX_REDIRECTS)
        throw new RedirectRefused(
          `The scan server at ${this.base.origin} redirected the scanner more than ${MAX_REDIRECTS} times. Check the address with the staff.`,
        );
      url = next;
    }
  }

  /**
   * The identity headers of one request (docs/scan-client.md, "Official builds"): the timestamp is on
   * the server's clock as far as it is known, and a signature already sent is never sent again (the
   * server would refuse it as a replay), so an identical call in the same second waits for the next.
   */
  private async sign(path: string, body: Uint8Array, sessionToken: string | null) {
    const now = Date.now();
    for (const [signature, at] of this.sent) if (now - at > REPLAY_WINDOW_MS) this.sent.delete(signature);
    for (;;) {
      const serverNow = Date.now() + this.clockOffsetMs;
      const timestamp = Math.floor(serverNow / 1000);
      const headers = identityHeaders(this.identity, { method: 'POST', path, timestamp, sessionToken, body });
      const signature = headers['scanpin-signature'];
      if (signature === undefined) return headers;
      if (!this.sent.has(signature)) {
        this.sent.set(signature, Date.now());
        return headers;
      }
      await sleep(1000 - (serverNow % 1000) + 5);
    }
  }

  /** Takes the server's clock from its `Date` header when it is far from this one's. */
  private learnClock(res: Response): boolean {
    const date = Date.parse(res.headers.get('date') ?? '');
    if (Number.isNaN(date)) return false;
    const offset = date - Date.now();
    if (Math.abs(offset - this.clockOffsetMs) <= CLOCK_TRUST_MS) return false;
    this.clockOffsetMs = Math.abs(offset) <= CLOCK_TRUST_MS ? 0 : offset;
    return true;
  }

  private async call<T>(
    path: string,
    payload: Uint8Array | string,
    headers: Record<string, string>,
    sessionToken: string | null = null,
  ): Promise<T> {
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    let offsetBefore = this.clockOffsetMs;
    for (let attempt = 0; ; attempt++) {
      const res = await this.post(path, body, headers, sessionToken);
      const text = await res.text();
      if (res.ok) return (text === '' ? undefined : JSON.parse(text)) as T;
      let problem: { code?: string; detail?: string } = {};
      try {
        problem = JSON.parse(text);
      } catch {}
      const code = problem.code ?? `http_${res.status}`;
      // A signature refused because this computer's clock is far from the server's: once, again on
      // the server's clock.
      if (code === 'invalid_client_signature' && attempt === 0 && this.clockOffsetMs !== offsetBefore) {
        offsetBefore = this.clockOffsetMs;
        continue;
      }
      throw new ServerRefusal(res.status, code, this.forPlayers(code, problem.detail, res.status));
    }
  }

  /** The sentence a refusal shows the player: ours for the common ones, else the server's detail. */
  private forPlayers(code: string, detail: string | undefined, status: number): string {
    const known = FOR_PLAYERS[code];
    if (known !== undefined) return known;
    const said = detail ?? `The server answered ${status}.`;
    // The server says what was wrong with the signature; the player's way out is the current build.
    if (code === 'invalid_client_signature')
      return `The scan server did not accept this scanner's signature. ${said} If it happens again, download the current scanner from ${this.pageUrl('/scan')}.`;
    return said;
  }

  /**
   * What a scan with the PIN would collect and for whom, before the player agrees (docs/scanner.md,
   * "Before the consent"); null from a server older than the call, which answers it as a path it does
   * not know. Sends only the PIN.
   */
  async preview(pin: string): Promise<ScanPreview | null> {
    try {
      const answer = await this.call<unknown>('/v1/scanner/preview', JSON.stringify({ pin }), {});
      // Anything but a whole preview is a server that does not know the call.
      return isPreview(answer) ? answer : null;
    } catch (error) {
      // An unknown path is a 404 with the router's own code, never one of the PIN's.
      if (error instanceof ServerRefusal && error.status === 404 && error.code !== 'pin_not_found')
        return null;
      throw error;
    }
  }

  start(pin: string, hwids: string[], clientVersion: string): Promise<StartAnswer> {
    return this.call('/v1/scanner/start', JSON.stringify({ pin, hwids, clientVersion }), {});
  }

  async progress(token: string, progress: number, statusMessage: string): Promise<void> {
    await this.call(
      '/v1/scanner/progress',
      JSON.stringify({ progress, statusMessage }),
      { authorization: `Bearer ${token}` },
      token,
    );
  }

  /**
   * The evidence, gzip-compressed: documents of a large machine compress about tenfold. The nonce
   * goes in a header too, so the server can refuse a wrong one before reading the body (docs/scanner.md).
   */
  evidence(token: string, doc: EvidenceDocument): Promise<EvidenceReceipt> {
    return this.call(
      '/v1/scanner/evidence',
      gzipSync(JSON.stringify(doc)),
      { authorization: `Bearer ${token}`, 'content-encoding': 'gzip', 'scanpin-nonce': doc.nonce },
      token,
    );
  }

  /**
   * The message escaped as the document's text is (a file name in an error can hold a NUL, which the
   * server refuses here: docs/scan-client.md, "Control characters").
   */
  async fail(token: string, message: string): Promise<void> {
    await this.call(
      '/v1/scanner/fail',
      JSON.stringify({ message: cutEscaped(escapeText(message), 200) }),
      { authorization: `Bearer ${token}` },
      token,
    );
  }
}
