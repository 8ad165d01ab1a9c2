import type { LightMyRequestResponse } from 'fastify';
import type { ScanReport } from '../../src/domain/scan-report.js';
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

export function scanner(t: TestApp) {
  const post = (path: string, body: unknown, token?: string): Promise<LightMyRequestResponse> =>
    t.api('POST', `/v1/scanner/${path}`, {
      body,
      ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
    });
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
    /** Creates a PIN, starts, and finishes a scan with the report; returns the PIN. */
    async scan(key: string, body: Report, hwids: string[], type = 'FiveM'): Promise<string> {
      const pin = await t.createPin(key, { type });
      const token = await this.startOk(pin, hwids);
      const res = await post('finish', body, token);
      if (res.statusCode !== 200) throw new Error(`finish -> ${res.statusCode} ${res.body}`);
      return pin;
    },
  };
}
