import type { AddressInfo } from 'node:net';
import { ScanpinClient, type ScanpinClientOptions } from '../../packages/client/src/index.js';
import type { Backend } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A test app listening on a real port, so the client talks to it through fetch like any caller. */
export interface LiveApp extends TestApp {
  baseUrl: string;
  client(key: string, options?: Partial<ScanpinClientOptions>): ScanpinClient;
}

export async function startLiveApp(
  backend: Backend,
  env: Record<string, string> = {},
  clock?: () => number,
): Promise<LiveApp> {
  const t = await startTestApp(backend, env, clock);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return Object.assign(t, {
    baseUrl,
    client: (key: string, options: Partial<ScanpinClientOptions> = {}) =>
      new ScanpinClient({ apiKey: key, baseUrl, ...options }),
  });
}

/** The rejection of `promise`, which must reject. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
