import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startServerProcess } from '../support/server-process.js';

/*
 * The country and VPN files are read whole at start (docs/operations.md, "Country and VPN databases"):
 * one that is a FIFO would have the server wait for a writer forever, saying nothing. Anything but a
 * regular file is refused at start, naming the setting.
 */
describe('GEOIP_* and VPN_ASNS_FILE that are not regular files', () => {
  let dir: string;
  let fifo: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-fifo-'));
    fifo = join(dir, 'country.mmdb');
    execFileSync('mkfifo', [fifo]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are refused by the configuration, each naming its setting and what the path is', () => {
    for (const name of ['GEOIP_COUNTRY_DB', 'GEOIP_ASN_DB', 'VPN_ASNS_FILE']) {
      expect(() => loadConfig({ [name]: fifo }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: fifo }), name).toThrow(
        `${name}: ${fifo} is a FIFO (named pipe), not a regular file`,
      );
      expect(() => loadConfig({ [name]: dir }), name).toThrow(`${name}: ${dir} is a directory`);
    }
    // A missing file is not refused: it is said in a warning, and may appear later.
    expect(loadConfig({ GEOIP_COUNTRY_DB: join(dir, 'missing.mmdb') }).geoipCountryDb).toBe(
      join(dir, 'missing.mmdb'),
    );
  });

  it('stop the server process at once, saying why', async () => {
    let child: ChildProcess | undefined;
    try {
      child = startServerProcess(dir, { PORT: '0', GEOIP_COUNTRY_DB: fifo }, ['ignore', 'ignore', 'pipe']);
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      const started = child;
      // Without the check it would wait on the FIFO: given 15 seconds to stop, then stopped.
      const code = await new Promise<number | null | 'still waiting'>((resolve) => {
        started.on('exit', resolve);
        setTimeout(() => resolve('still waiting'), 15_000).unref();
      });
      expect(code).toBe(2);
      expect(stderr).toContain(`GEOIP_COUNTRY_DB: ${fifo} is a FIFO (named pipe), not a regular file`);
    } finally {
      if (child?.exitCode === null) child.kill('SIGKILL');
    }
  }, 20_000);
});
