import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's `xmllint` (package libxml2-utils, libxml2's own command) as the oracle of the macro
 * readers' tests: whether a file is well-formed XML, and what an XPath expression finds in it.
 */

/** Fails loudly when the oracle is missing: a skipped oracle would hide every disagreement. */
export function requireXmllint(): void {
  const probe = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'xmllint (package libxml2-utils) is required for this test: apt-get install libxml2-utils',
    );
  }
}

function withFile<T>(xml: string | Uint8Array, run: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'xmllint-'));
  try {
    const path = join(dir, 'fixture.xml');
    writeFileSync(path, xml);
    return run(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** True when libxml2 reads the file as well-formed XML (no network, no entity loading). */
export function xmllintWellFormed(xml: string | Uint8Array): boolean {
  return withFile(xml, (path) => spawnSync('xmllint', ['--noout', '--nonet', path]).status === 0);
}

/** The string value of an XPath expression, as libxml2 evaluates it. */
export function xpath(xml: string | Uint8Array, expression: string): string {
  return withFile(xml, (path) => {
    const result = spawnSync('xmllint', ['--nonet', '--xpath', expression, path], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`xmllint --xpath ${expression}: ${result.stderr}`);
    return result.stdout.trim();
  });
}
