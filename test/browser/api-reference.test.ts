import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_SECTIONS } from '../../src/http/openapi/document.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const PUBLISHED = [
  '/v1/pins/create',
  '/v1/pins/{pinCode}/status',
  '/v1/pins/{pinCode}/results',
  '/v1/users/{discordId}/risk-score',
  '/v1/scanned-users/lookup/{discordId}',
];

/** The API reference page (docs/api.md) in a real browser: it renders, and only from this server. */
browserSuite('the API reference page in the browser', (backend) => {
  let b: BrowserApp;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
  });
  afterAll(async () => b?.close());

  it('shows every section and the five published operations, loading nothing from elsewhere', async () => {
    const page = await b.newPage();
    await page.goto(b.url('/docs'));
    for (const section of API_SECTIONS) {
      await page.locator(`.opblock-tag[data-tag="${section.name}"]`).waitFor();
    }
    for (const path of PUBLISHED) {
      await expect(
        page.locator(`.opblock-summary-path[data-path="${path}"]`).first().isVisible(),
      ).resolves.toBe(true);
    }

    // An operation opens with its description, its error examples and the rate-limit headers.
    await page.locator('.opblock-summary-path[data-path="/v1/pins/{pinCode}/status"]').first().click();
    const op = page.locator('#operations-Public_API-get_v1_pins__pinCode__status');
    await op.getByText('missing_api_key').first().waitFor();
    await op.getByText('X-RateLimit-Remaining').first().waitFor();
    await op.getByText('pins:status').first().waitFor();
    await b.screenshot(page, 'api-reference');

    expect(b.requests.some((url) => url.endsWith('/docs/json'))).toBe(true);
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});
