import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COLLECTED,
  collectedOn,
  type DisclosedPlatform,
  disclosureText,
  PLATFORM_HEADINGS,
} from '../../packages/scanner/src/disclosure.js';

/**
 * One disclosure, three places (docs/scan-client.md, "What is collected"): the terminal shows what the
 * scanner reads on the player's platform, the `/scan` page (test/http/scan-page.test.ts) and the docs
 * list the same items under the same headings.
 */

/** The bold titles of the docs' bullets under `#### <heading>`, in order. */
function docsTitles(heading: string): string[] {
  const docs = readFileSync(new URL('../../docs/scan-client.md', import.meta.url), 'utf8');
  const start = docs.indexOf(`#### ${heading}\n`);
  expect(start, `docs/scan-client.md has no "#### ${heading}" heading`).toBeGreaterThan(-1);
  const rest = docs.slice(start + heading.length + 6);
  const section = rest.slice(0, rest.search(/\n#{2,4} /) === -1 ? undefined : rest.search(/\n#{2,4} /));
  return [...section.matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) => m[1] ?? '');
}

describe('the disclosure', () => {
  it('is listed in the docs item by item, under the headings the /scan page uses', () => {
    for (const platform of Object.keys(PLATFORM_HEADINGS) as DisclosedPlatform[]) {
      expect(docsTitles(PLATFORM_HEADINGS[platform])).toEqual(
        COLLECTED.filter((item) => item.platform === platform).map((item) => item.title),
      );
    }
  });

  it('in the terminal, names what the scanner reads on the player’s platform and nothing else', () => {
    const windowsOnly = COLLECTED.filter((item) => item.platform === 'win32');
    expect(windowsOnly.length).toBeGreaterThan(0);
    for (const platform of ['linux', 'darwin']) {
      const text = disclosureText(platform);
      for (const item of windowsOnly) expect(text).not.toContain(item.title);
      for (const item of collectedOn(platform)) expect(text).toContain(`${item.title}: ${item.detail}`);
    }
    const windows = disclosureText('win32');
    for (const item of COLLECTED) expect(windows).toContain(`${item.title}: ${item.detail}`);
  });
});
