import { afterAll, beforeAll, expect } from 'vitest';
import type { Backend } from '../../../support/backends.js';
import { startScan, uploadEvidence } from '../../../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../../../support/test-app.js';

/** A real server and an owner whose PINs the tests scan. */
export interface JudgingServer {
  t: TestApp;
  owner: Owner;
}

/** A PIN's results as the API gives them (docs/api.md): the findings' texts by grade. */
export type Results = Record<string, string[]>;

/**
 * For the suite around it: starts a real server with one owner before its tests and closes it after.
 * The returned function gives them in a test.
 */
export function judgingServerForSuite(backend: Backend): () => JudgingServer {
  let server: JudgingServer | undefined;
  beforeAll(async () => {
    const t = await startTestApp(backend);
    server = { t, owner: await t.createOwner() };
  }, 60_000);
  afterAll(async () => server?.t.close());
  return () => {
    if (server === undefined) throw new Error('the server was not started (see the beforeAll error)');
    return server;
  };
}

/**
 * Starts a FiveM scan of a new PIN, uploads the document `document` builds for the scan's nonce (as
 * the scan client would: a planted drive's sources), checks that the server took it (200, and at least
 * `counts`, when given, in its receipt) and reads the PIN's results.
 */
export async function judgedUpload(
  { t, owner }: JudgingServer,
  document: (nonce: string) => unknown,
  counts?: Record<string, number>,
): Promise<Results> {
  const scan = await startScan(t, owner.key, 'FiveM');
  const res = await uploadEvidence(t, scan.token, await document(scan.nonce));
  expect(res.statusCode, res.body).toBe(200);
  if (counts !== undefined) expect(res.json().receipt.counts).toMatchObject(counts);
  return (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json().data as Results;
}
