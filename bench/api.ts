/** The HTTP calls the orchestrator and the whole-scan workers make (fixtures and scan traffic). */
import { Agent, request } from 'node:http';
import { signedHeaders } from './scan-client.js';

/**
 * Kept-alive connections over node:http rather than fetch: fetch cost the load generator about
 * 9 ms of CPU per whole scan, as much as the server spent answering it, so on two cores the figure
 * measured the client (docs/benchmarks.md, "Profile findings").
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** How the scanner calls identify themselves: signed as the bench's official build, or not at all. */
export type ScannerCalls = 'signed' | 'unsigned';

const SCANNER_PATH = '/v1/scanner/';

export interface Started {
  /** The session's bearer header. */
  bearer: Record<string, string>;
  /** The one-time link the scanner shows the player for the Discord proof (null without Discord). */
  proofUrl: string | null;
}

export class Api {
  private readonly url: URL;

  constructor(
    readonly base: string,
    readonly key: string,
    /** Scanner calls are signed by the bench's registered build (bench/scan-client.ts) unless told. */
    readonly scannerCalls: ScannerCalls = 'signed',
  ) {
    this.url = new URL(base);
  }

  call<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let headers = extra;
    if (this.scannerCalls === 'signed' && path.startsWith(SCANNER_PATH)) {
      const bearer = extra.authorization;
      const session = bearer?.startsWith('Bearer ') ? bearer.slice('Bearer '.length) : null;
      headers = { ...extra, ...signedHeaders(method, path, payload ?? '', session) };
    }
    return new Promise<T>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers: {
            'x-api-key': this.key,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) reject(new Error(`${method} ${path} -> ${status} ${text}`));
            else resolve((status === 204 || text === '' ? undefined : JSON.parse(text)) as T);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async createPin(): Promise<string> {
    return (await this.call<{ pin: string }>('POST', '/v1/pins/create', { type: 'FiveM' })).pin;
  }

  /** Starts a scan of `pin` as a scan client would. */
  async startScan(pin: string, hwid: string): Promise<Started> {
    const { sessionToken, proof } = await this.call<{
      sessionToken: string;
      proof?: { url: string } | null;
    }>('POST', '/v1/scanner/start', {
      pin,
      hwids: [`${hwid}-DISK`, `${hwid}-BOARD`],
    });
    return { bearer: { authorization: `Bearer ${sessionToken}` }, proofUrl: proof?.url ?? null };
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
