import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { type Backend, backends } from '../../support/backends.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The browser tests drive a real Chromium (Debian's, never a downloaded one) against a real server on
 * a real port. They run when SCANPIN_TEST_CHROMIUM names the browser (CI sets /usr/bin/chromium).
 */
export const CHROMIUM = process.env.SCANPIN_TEST_CHROMIUM || undefined;
const SCREENSHOT_DIR = process.env.SCANPIN_SCREENSHOT_DIR || undefined;

const TEST_TIMEOUT_MS = 60_000;
/** Below the test's own timeout, so a missing element fails with Playwright's account of what it waited for. */
const WAIT_TIMEOUT_MS = 20_000;

/**
 * Without these this closed network refuses Chromium's own background connections (updates, sync,
 * QUIC probes); the sandbox needs privileges a container lacks.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The stores the browser suites run on: SQLite and PostgreSQL (the pages do not care about Redis). */
function browserBackends(): Backend[] {
  return backends().filter((b) => b.redisUrl === undefined);
}

/**
 * `describe.each` over the stores, or a loud skip when no browser is configured: the suites then show
 * up as skipped in the report, with the reason printed, never as passed.
 */
export function browserSuite(name: string, body: (backend: Backend) => void): void {
  if (!CHROMIUM) {
    console.warn(
      `\n[scanpin] SKIPPED browser tests "${name}": SCANPIN_TEST_CHROMIUM is not set. ` +
        'Install Chromium (apt-get install -y chromium) and run with SCANPIN_TEST_CHROMIUM=/usr/bin/chromium.\n',
    );
  }
  // A real browser on a busy 2-core CI machine: more room than the suite-wide 20 s per test.
  describe.skipIf(!CHROMIUM).each(browserBackends())(`${name} on $name`, body, TEST_TIMEOUT_MS);
}

export interface BrowserApp {
  t: TestApp;
  browser: Browser;
  /** The server's origin, e.g. http://127.0.0.1:41234 (also its PUBLIC_URL). */
  origin: string;
  /** Every URL any page of this app's browser asked for (navigations, scripts, fetches, streams). */
  requests: string[];
  /** Console errors and uncaught page errors, e.g. a Content-Security-Policy refusal. */
  consoleErrors: string[];
  url(path: string): string;
  /** A fresh browser context (its own cookies) with a page, not signed in. */
  newPage(): Promise<Page>;
  /** A fresh context signed in as `accountId` through a one-time sign-in link, on the PIN list. */
  signIn(accountId: number): Promise<Page>;
  /**
   * Saves `<name>.png` into SCANPIN_SCREENSHOT_DIR when set (npm run screenshots); else nothing. A page
   * is taken whole; a locator, only its element.
   */
  screenshot(target: Page | Locator, name: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One headless Chromium per test worker, shared by its suites: each page gets a browser context of its
 * own (its own cookies, storage and cache, like a fresh profile), so nothing carries over between
 * tests, and the worker no longer launches a browser per suite (about a second of CPU each). Playwright
 * ends the browser when the worker process exits; one that crashed is launched again.
 */
let sharedBrowser: Promise<Browser> | undefined;

function workerBrowser(): Promise<Browser> {
  const launched = sharedBrowser;
  if (launched !== undefined) return launched.then((b) => (b.isConnected() ? b : relaunch()));
  return relaunch();
}

function relaunch(): Promise<Browser> {
  sharedBrowser = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  sharedBrowser.catch(() => {
    sharedBrowser = undefined;
  });
  return sharedBrowser;
}

/**
 * Starts a server (startTestApp, listening on 127.0.0.1 with PUBLIC_URL set to its own address, so
 * links and the same-origin check use it) and opens its pages in the worker's Chromium.
 */
export async function openBrowserApp(
  backend: Backend,
  env: Record<string, string> = {},
  /** `localhost` for what browsers refuse on an IP address (passkeys: WebAuthn wants a domain). */
  options: { hostname?: '127.0.0.1' | 'localhost' } = {},
): Promise<BrowserApp> {
  if (!CHROMIUM) throw new Error('SCANPIN_TEST_CHROMIUM is not set');
  const port = await freePort();
  const origin = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const t = await startTestApp(backend, { PUBLIC_URL: origin, ...env });
  await t.app.listen({ host: '127.0.0.1', port });
  const browser = await workerBrowser();
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const contexts: BrowserContext[] = [];

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    context.setDefaultTimeout(WAIT_TIMEOUT_MS);
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    return page;
  };

  const app: BrowserApp = {
    t,
    browser,
    origin,
    requests,
    consoleErrors,
    url: (path) => `${origin}${path}`,
    newPage,
    async signIn(accountId) {
      const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
      const page = await newPage();
      await page.goto(url);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      await page.getByRole('heading', { level: 1, name: 'PINs' }).waitFor();
      return page;
    },
    async screenshot(target, name) {
      // One set of pictures is enough: the SQLite run takes them.
      if (!SCREENSHOT_DIR || backend.pg) return;
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      if ('goto' in target) await target.screenshot({ path, fullPage: true });
      else await target.screenshot({ path });
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await t.close();
    },
  };
  return app;
}

/** Nothing the pages asked for left the server's origin, and the browser refused nothing under the CSP. */
export function strayRequests(app: BrowserApp): { outside: string[]; cspViolations: string[] } {
  return {
    outside: app.requests.filter((url) => !url.startsWith(`${app.origin}/`)),
    cspViolations: app.consoleErrors.filter((text) => /content security policy/i.test(text)),
  };
}
