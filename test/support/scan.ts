import type { LightMyRequestResponse } from 'fastify';
import type { ScanReport } from '../../src/domain/scan-report.js';
import { integrationClient, type ScannerClientCredentials, signedHeaders } from './scanner-client.js';
import type { TestApp } from './test-app.js';

/** A report as the scan client sends it. */
export type Report = ScanReport;

/** A clean report; override what a test is about. */
export function report(overrides: Partial<Report> = {}): Report {
  return {
    detections: [],
    suspicious: [],
    warnings: [],
    untrusted: [],
    integrity: [],
    artifacts: [],
    vpn: 'No VPN detected',
    country: 'NL',
    logon: '2 hours',
    scantime: '40 seconds',
    windows: 'Windows 11 Pro 23H2',
    discord: [],
    ...overrides,
  };
}

/**
 * Records `account` as proven for the PIN's running scan, as the Discord sign-in through the proof
 * link its scanner shows does (docs/risk-score.md, "Whose scan it is"): call it after the start.
 */
export async function proveFor(t: TestApp, pin: string, account: { id: string; username: string }) {
  const found = await t.deps.repos.reportProvenance.proofContext(pin);
  if (found?.sessionHash == null) throw new Error(`PIN ${pin} has no running scan to prove`);
  const proven = await t.deps.repos.reportProvenance.prove(
    found.pinId,
    found.sessionHash,
    { discordId: account.id, username: account.username },
    t.deps.clock(),
  );
  if (proven?.discordId !== account.id) throw new Error(`PIN ${pin} could not be proven`);
}

/**
 * The scanner API as a scan client calls it. Unsigned (an unverified client) unless `client` is given:
 * then every call is signed with its key (docs/scanner.md, "Signed calls"). `scan()` signs as this
 * app's registered integration unless told otherwise: a report through /finish is an integration's
 * (an official build uploads its evidence).
 */
export function scanner(t: TestApp, options: { client?: ScannerClientCredentials | null } = {}) {
  const send = (
    path: string,
    body: unknown,
    token: string | undefined,
    client: ScannerClientCredentials | null | undefined,
  ): Promise<LightMyRequestResponse> => {
    // The bytes sent are the bytes signed: a string body goes as it is.
    const payload = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
    const url = `/v1/scanner/${path}`;
    return t.api('POST', url, {
      ...(payload === undefined ? {} : { body: payload }),
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(client
          ? signedHeaders(t, client, { path: url, body: payload ?? '', sessionToken: token ?? null })
          : {}),
      },
    });
  };
  const post = (path: string, body: unknown, token?: string): Promise<LightMyRequestResponse> =>
    send(path, body, token, options.client);
  return {
    post,
    start: (pin: string, hwids: string[] = ['HWID-DEFAULT']) => post('start', { pin, hwids }),
    async startOk(pin: string, hwids: string[] = ['HWID-DEFAULT']): Promise<string> {
      const res = await post('start', { pin, hwids });
      if (res.statusCode !== 201) throw new Error(`start -> ${res.statusCode} ${res.body}`);
      return res.json<{ sessionToken: string }>().sessionToken;
    },
    progress: (token: string, progress: number, statusMessage = 'Working') =>
      post('progress', { progress, statusMessage }, token),
    finish: (token: string, body: Report = report()) => post('finish', body, token),
    fail: (token: string, message = 'Scanner crashed') => post('fail', { message }, token),
    /**
     * Creates a PIN, starts, and finishes a scan with the report; returns the PIN. The report's first
     * account is recorded as proven by the player before the scan, so the scan counts for every
     * community as a real proven scan does (docs/risk-score.md, "Whose scan it is"); the proof flow
     * itself is tested over HTTP in test/http/report-provenance.test.ts. `proven: false` leaves the
     * report's accounts only claimed. The calls are signed as the app's registered integration (a
     * third-party scanner that sends reports) unless `client` says otherwise (null: unsigned).
     */
    async scan(
      key: string,
      body: Report,
      hwids: string[],
      type = 'FiveM',
      scanOptions: { proven?: boolean; client?: ScannerClientCredentials | null } = {},
    ): Promise<string> {
      const pin = await t.createPin(key, { type });
      // Signed by default: only a registered client's clean report can be legit, and a bare report is
      // an integration's, never an official build's (docs/scan-client.md, "Trust").
      const client =
        scanOptions.client !== undefined
          ? scanOptions.client
          : options.client !== undefined
            ? options.client
            : await integrationClient(t);
      const started = await send('start', { pin, hwids }, undefined, client);
      if (started.statusCode !== 201) throw new Error(`start -> ${started.statusCode} ${started.body}`);
      const token = started.json<{ sessionToken: string }>().sessionToken;
      const player = body.discord[0];
      if (player !== undefined && scanOptions.proven !== false) await proveFor(t, pin, player);
      const res = await send('finish', body, token, client);
      if (res.statusCode !== 200) throw new Error(`finish -> ${res.statusCode} ${res.body}`);
      return pin;
    },
  };
}
