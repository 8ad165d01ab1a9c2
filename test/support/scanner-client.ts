import { createHash } from 'node:crypto';
import { sessionPart, signatureHeader } from '../../src/domain/scanner-signature.js';
import type { TestApp } from './test-app.js';

/** A registered scanner client as a test holds it: its row id, public id and key (base64url). */
export interface ScannerClientCredentials {
  id: number;
  clientId: string;
  key: string;
}

/** Registers a client through the operator API (docs/operations.md, "Scanner clients"). */
export async function registerScannerClient(
  t: TestApp,
  body: {
    name?: string;
    kind?: 'official' | 'third-party';
    expiresAt?: string | null;
    version?: string;
  } = {},
): Promise<ScannerClientCredentials> {
  const res = await t.admin<{ id: number; clientId: string; key: string }>(
    'POST',
    '/admin/v1/scanner-clients',
    {
      name: body.name ?? 'scanpin-scan 0.1.0 linux-x64',
      kind: body.kind ?? 'official',
      ...(body.expiresAt === undefined ? {} : { expiresAt: body.expiresAt }),
      ...(body.version === undefined ? {} : { version: body.version }),
    },
  );
  return { id: res.id, clientId: res.clientId, key: res.key };
}

const officialClients = new WeakMap<TestApp, Promise<ScannerClientCredentials>>();

/** This app's official client, registered on first use (one per TestApp). */
export function officialClient(t: TestApp): Promise<ScannerClientCredentials> {
  let client = officialClients.get(t);
  if (client === undefined) {
    client = registerScannerClient(t, { name: 'scanpin-scan 0.1.0 linux-x64 (test)' });
    officialClients.set(t, client);
    client.catch(() => officialClients.delete(t));
  }
  return client;
}

const integrationClients = new WeakMap<TestApp, Promise<ScannerClientCredentials>>();

/**
 * This app's registered third-party integration, on first use: a community's own scanner that sends
 * finished reports through /v1/scanner/finish. An official build always uploads its evidence, so a
 * bare report is a registered client's only as an integration's (docs/scan-client.md, "Trust").
 */
export function integrationClient(t: TestApp): Promise<ScannerClientCredentials> {
  let client = integrationClients.get(t);
  if (client === undefined) {
    client = registerScannerClient(t, { name: 'Community scanner (test)', kind: 'third-party' });
    integrationClients.set(t, client);
    client.catch(() => integrationClients.delete(t));
  }
  return client;
}

/**
 * The three headers of a signed call (docs/scanner.md, "Signed calls"), for exactly these body bytes.
 * `timestamp` defaults to the app's clock.
 */
export function signedHeaders(
  t: TestApp,
  client: Pick<ScannerClientCredentials, 'clientId' | 'key'>,
  call: {
    method?: string;
    path: string;
    body: Buffer | string;
    sessionToken?: string | null;
    timestamp?: number;
  },
): Record<string, string> {
  const timestamp = String(call.timestamp ?? Math.floor(t.deps.clock() / 1000));
  const body = createHash('sha256').update(call.body).digest('hex');
  return {
    'scanpin-client': client.clientId,
    'scanpin-timestamp': timestamp,
    'scanpin-signature': signatureHeader(Buffer.from(client.key, 'base64url'), {
      method: call.method ?? 'POST',
      path: call.path,
      timestamp,
      session: sessionPart(call.sessionToken ?? null),
      body,
    }),
  };
}
