/** The HTTP calls the orchestrator makes itself (fixtures for the measured endpoints). */

export class Api {
  constructor(
    readonly base: string,
    readonly key: string,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        'x-api-key': this.key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  async createPin(): Promise<string> {
    return (await this.call<{ pin: string }>('POST', '/v1/pins/create', { type: 'FiveM' })).pin;
  }

  /** Starts a scan of `pin` as a scan client would; returns the session's bearer header. */
  async startScan(pin: string, hwid: string): Promise<Record<string, string>> {
    const { sessionToken } = await this.call<{ sessionToken: string }>('POST', '/v1/scanner/start', {
      pin,
      hwids: [`${hwid}-DISK`, `${hwid}-BOARD`],
    });
    return { authorization: `Bearer ${sessionToken}` };
  }
}

export const CLEAN_REPORT = {
  detections: [],
  suspicious: [],
  warnings: ['VPN client running'],
  untrusted: [],
  integrity: [],
  artifacts: ['C:\\Users\\player\\AppData\\Local\\FiveM\\logs\\CitizenFX.log'],
  vpn: null,
  country: 'DE',
  logon: null,
  scantime: '42 seconds',
  windows: 'Windows 11 23H2',
};
