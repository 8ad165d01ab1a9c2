import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receiver, startReceiverOn, typesOf } from '../support/receiver.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';

const ADMIN = 'crash-test-admin-token-0123456789';

function startServer(dir: string, port: number): ChildProcess {
  return startServerProcess(dir, {
    PORT: String(port),
    SCANPIN_ADMIN_TOKEN: ADMIN,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
    // A claim is held three times this: 6 s instead of the default 30 (docs/webhooks.md).
    WEBHOOK_TIMEOUT_SECONDS: '2',
    LOG_LEVEL: 'warn',
  });
}

async function call<T>(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('webhooks survive a crash', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a kill -9 after the state changes and before delivery loses no event', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-crash-'));
    const port = await freePort();
    const hookPort = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = startServer(dir, port);
    await waitForReady(url, child);

    const admin = { 'x-admin-token': ADMIN };
    const made = await call<{ key: string }>(url, 'POST', '/admin/v1/bootstrap', admin, {
      enterprise: 'Crash',
    });
    const key = { 'x-api-key': made.key };
    // Nothing listens on the receiver's port yet: every attempt fails until after the restart.
    const hook = await call<{ secret: string }>(url, 'POST', '/v1/webhooks', key, {
      url: `http://127.0.0.1:${hookPort}/hook`,
    });
    const { pin } = await call<{ pin: string }>(url, 'POST', '/v1/pins/create', key, { type: 'Rust' });
    const { sessionToken } = await call<{ sessionToken: string }>(
      url,
      'POST',
      '/v1/scanner/start',
      {},
      { pin, hwids: ['CRASH-HW'] },
    );
    const bearer = { authorization: `Bearer ${sessionToken}` };
    await call(url, 'POST', '/v1/scanner/finish', bearer, {
      detections: ['Eulen'],
      suspicious: [],
      warnings: [],
      untrusted: [],
      integrity: [],
      artifacts: [],
      vpn: null,
      country: null,
      logon: null,
      scantime: null,
      windows: null,
      discord: [],
    });
    child.kill('SIGKILL');
    await new Promise((r) => child?.on('exit', r));
    // The server itself is gone (not a wrapper around it): nothing answers on its port any more.
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();

    receiver = await startReceiverOn(hookPort);
    child = startServer(dir, port);
    await waitForReady(url, child);
    // A delivery claimed at the moment of the kill is held for its claim window (6 s) before the
    // restarted server takes it up again, so one event may come later than the others: wait for
    // all three, not just the last.
    const all = ['pin.created', 'pin.started', 'pin.finished'];
    const got = await receiver.waitFor((seen) => all.every((t) => typesOf(seen).includes(t)), 45_000);
    expect(new Set(typesOf(got))).toEqual(new Set(['pin.created', 'pin.started', 'pin.finished']));
    for (const r of got)
      expect(() =>
        new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>),
      ).not.toThrow();
  }, 90_000);
});
