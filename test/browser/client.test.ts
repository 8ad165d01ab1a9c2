import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type * as Client from '../../packages/client/src/index.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp } from './support/browser-app.js';

const DIST = join(import.meta.dirname, '../../packages/client/dist');
/** Where the page loads the built client from: same origin as the API, answered by the test itself. */
const PREFIX = '/__scanpin-client/';

/** @scanpin/client, built (tsc to packages/client/dist), running inside Chromium against the live server. */
browserSuite('@scanpin/client in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;

  beforeAll(async () => {
    // `npm install` builds it (root "build"); rebuilding here would race the CLI suite reading dist.
    if (!existsSync(join(DIST, 'index.js'))) {
      execFileSync('npx', ['tsc', '-p', 'packages/client/tsconfig.json'], { stdio: 'inherit' });
    }
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Browser bot');
  });
  afterAll(async () => b?.close());

  it('creates a PIN, follows its scan to the results, verifies a webhook and builds an embed', async () => {
    const page = await b.newPage();
    await page.route(`${b.origin}${PREFIX}**`, (route) => {
      const file = new URL(route.request().url()).pathname.slice(PREFIX.length);
      if (file === 'index.html')
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>client</title>' });
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(DIST, file)) });
    });
    await page.goto(`${b.origin}${PREFIX}index.html`);
    // A module script, not import() inside evaluate: Vitest rewrites import() in test code.
    await page.addScriptTag({
      type: 'module',
      content: `import * as client from '${PREFIX}index.js'; window.scanpin = client;`,
    });
    await page.waitForFunction(() => 'scanpin' in globalThis);

    const pin = await page.evaluate(
      async ({ key, baseUrl }) => {
        const { ScanpinClient } = (globalThis as unknown as { scanpin: typeof Client }).scanpin;
        const client = new ScanpinClient({ apiKey: key, baseUrl });
        const created = await client.pins.create({ type: 'FiveM', pinName: 'From Chromium' });
        const w = globalThis as unknown as Record<string, unknown>;
        w.progress = [];
        w.result = client
          .waitForResult(created.pin, {
            onProgress: (s: { status: string }) => (w.progress as string[]).push(s.status),
          })
          .then((r: unknown) => r);
        return created.pin as string;
      },
      { key: owner.key, baseUrl: b.origin },
    );
    await page.waitForFunction(
      () => ((globalThis as unknown as { progress: string[] }).progress ?? []).length > 0,
    );
    await scanner(b.t).finish(await scanner(b.t).startOk(pin), report({ detections: ['Aimbot'] }));
    const outcome = await page.evaluate(async () => {
      const { toDiscordEmbed } = (globalThis as unknown as { scanpin: typeof Client }).scanpin;
      const w = globalThis as unknown as {
        result: Promise<{ result: string; status: string }>;
        progress: string[];
      };
      const results = await w.result;
      return { results, progress: w.progress, embedTitle: toDiscordEmbed(results as never).title as string };
    });
    expect(outcome.results).toMatchObject({ status: 'finished', result: 'cheating' });
    expect(outcome.progress.at(-1)).toBe('finished');
    expect(outcome.embedTitle).toBe(`Scan ${pin} · From Chromium`);

    // crypto.subtle in the page checks a signature made the Standard Webhooks way in Node.
    const secretBytes = Buffer.from('a browser test secret, 32 bytes!');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify({
      type: 'ping',
      timestamp: new Date().toISOString(),
      data: { webhookId: 1, message: 'hi' },
    });
    const signature = createHmac('sha256', secretBytes).update(`msg_1.${timestamp}.${body}`).digest('base64');
    const verified = await page.evaluate(
      async ({ body, headers, secret }) => {
        const { verifyWebhook } = (globalThis as unknown as { scanpin: typeof Client }).scanpin;
        const event = await verifyWebhook(body, headers, secret);
        const tampered = await verifyWebhook(`${body} `, headers, secret).then(
          () => 'accepted',
          (e: { reason: string }) => e.reason,
        );
        return { type: event.type as string, tampered };
      },
      {
        body,
        headers: {
          'webhook-id': 'msg_1',
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1,${signature}`,
        },
        secret: `whsec_${secretBytes.toString('base64')}`,
      },
    );
    expect(verified).toEqual({ type: 'ping', tampered: 'invalid_signature' });
  });
});
