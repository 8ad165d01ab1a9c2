import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { wire } from '../../src/wiring.js';
import { backends, TEST_SCHEMA_PREFIX } from '../support/backends.js';

let counter = 0;

describe.each(backends().filter((b) => !b.redisUrl))('the hashing secret on $name', (backend) => {
  let dir: string;
  let schema: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-test-'));
    schema = `${TEST_SCHEMA_PREFIX}${inject('testRunId')}_secret_${process.pid}_${counter++}`;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const start = (env: Record<string, string>) =>
    wire(
      loadConfig({
        DATABASE_URL: backend.databaseUrl(dir),
        SCANPIN_DATA_DIR: dir,
        SCANPIN_ADMIN_TOKEN: 'x'.repeat(32),
        ...env,
      }),
      backend.pg ? { pgSchema: schema } : {},
    );

  it('must stay the same for a store: another instance with a different secret refuses to start', async () => {
    await (await start({ SCANPIN_HASH_SECRET: 'first-secret-0123456789' })).close();
    await expect(start({ SCANPIN_HASH_SECRET: 'other-secret-0123456789' })).rejects.toThrow(
      /not the one this database was built with/,
    );
    await (await start({ SCANPIN_HASH_SECRET: 'first-secret-0123456789' })).close();
  });

  it('generated into the data folder is reused on the next start', async () => {
    await (await start({})).close();
    await (await start({})).close();
  });

  it('is never silently replaced when its file is damaged', async () => {
    writeFileSync(join(dir, 'hash-secret'), 'short\n');
    await expect(start({})).rejects.toThrow(/damaged/);
  });
});
