import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `npx scanpin …` in a checkout runs the checkout's own CLI at once (docs/developing.md, "Running
// the CLI"): npx finds it in node_modules/.bin, linked there for the packages/cli workspace. Were the
// root package to declare the bin itself, npx would install the checkout into its cache, running the
// prepare script (a full build over dist/) on the first call.
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

describe('npx scanpin in a checkout', () => {
  const cache = mkdtempSync(join(tmpdir(), 'scanpin-npx-cache-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('is linked into node_modules/.bin and leads to bin/scanpin.js', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.bin?.scanpin).toBeUndefined();
    const linked = realpathSync(join(root, 'node_modules/.bin/scanpin'));
    expect(linked).toBe(join(root, 'packages/cli/bin/scanpin.js'));
    expect(readFileSync(linked, 'utf8')).toContain("import '../../../bin/scanpin.js';");
  });

  it('runs the local CLI without installing anything into the npx cache', async () => {
    // A fresh cache shows whether npx installed; ignore-scripts keeps a regression from rebuilding.
    const env = { ...process.env, npm_config_cache: cache, npm_config_ignore_scripts: 'true' };
    const { stdout } = await run('npx', ['--offline', 'scanpin', '--help'], {
      cwd: join(root, 'docs'),
      env,
      timeout: 30_000,
    });
    expect(stdout).toContain('Usage: scanpin');
    expect(existsSync(join(cache, '_npx'))).toBe(false);
  });
});
