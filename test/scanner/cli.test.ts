import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTED } from '../../packages/scanner/src/disclosure.js';
import { checkServerUrl } from '../../packages/scanner/src/server/address.js';
import { SCANNER_VERSION } from '../../packages/scanner/src/version.js';
import { EVIDENCE_SOURCE_NAMES } from '../../src/domain/evidence.js';
import { type AcceptanceServer, scanWith, startAcceptanceServer } from './fixtures/acceptance.js';
import { plantedMachine } from './fixtures/machine.js';

const bin = 'packages/scanner/bin/scanpin-scan.js';

describe('scanpin-scan as a player meets it', () => {
  let server: AcceptanceServer;
  beforeAll(async () => {
    server = await startAcceptanceServer();
  });
  afterAll(async () => server?.close());

  it('refuses plain http to another machine unless --insecure, and never contacts it', async () => {
    const run = await scanWith(
      'node',
      [bin, '--server', 'http://scan.example.org', '--pin', 'ABCDEFGH', '--yes'],
      {},
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Refusing plain http://');
    expect(() => checkServerUrl('http://127.0.0.1:8080', false)).not.toThrow();
    expect(() => checkServerUrl('http://[::1]:8080', false)).not.toThrow();
    expect(() => checkServerUrl('http://192.168.1.10', true)).not.toThrow();
    expect(() => checkServerUrl('ftp://x', true)).toThrow(/https/);
  });

  it('shows the disclosure and reads nothing without agreement when there is no terminal', async () => {
    const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
    const run = await scanWith('node', [bin, '--server', server.url, '--pin', pin], {});
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('This scan will collect:');
    expect(run.stderr).toContain('pass --yes');
    const status = await server.t.api('GET', `/v1/pins/${pin}/status`, { key: server.owner.key });
    expect(status.json().status).toBe('pending');
  });

  it('tells the player in plain words when the PIN is wrong', async () => {
    const run = await scanWith('node', [bin, '--server', server.url, '--pin', 'ZZZZZZZZ', '--yes'], {});
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('That PIN does not exist');
  });

  it('prints a receipt by category but not the verdict, and the scan is finished on the server', async () => {
    const m = plantedMachine('linux');
    const pin = await server.t.createPin(server.owner.key, { type: 'FiveM' });
    const run = await scanWith(
      'node',
      [bin, '--server', server.url, '--pin', pin, '--yes', '--wait-seconds', '0'],
      m.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Receipt rcpt_/);
    expect(run.stdout).toContain('evidence sources collected');
    expect(run.stdout).toContain("The scan is complete. The community's staff have the result.");
    expect(run.stderr).toMatch(/Reading system information/);
    const status = (await server.t.api('GET', `/v1/pins/${pin}/status`, { key: server.owner.key })).json();
    expect(status.status).toBe('finished');
    expect(status.result).toEqual(expect.any(String));
    expect(run.stdout + run.stderr).not.toContain('Verdict');
  });

  it('refuses a wait that is not a whole number of seconds', async () => {
    const run = await scanWith(
      'node',
      [bin, '--server', server.url, '--pin', 'ABCDEFGH', '--yes', '--wait-seconds', 'soon'],
      {},
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--wait-seconds must be a whole number of seconds from 0 to 3600');
  });

  it('prints its version', async () => {
    const run = await scanWith('node', [bin, '--version'], {});
    expect(run.stdout.trim()).toBe(`scanpin-scan ${SCANNER_VERSION}`);
  });
});

describe('the scanner and the server agree', () => {
  it('on the version in package.json', () => {
    const pkg = JSON.parse(readFileSync('packages/scanner/package.json', 'utf8')) as { version: string };
    expect(SCANNER_VERSION).toBe(pkg.version);
  });

  it('on the sources the disclosure names: every one the server knows, and the hardware IDs', () => {
    // A source may take more than one item (the game's processes and the others running).
    expect([...new Set(COLLECTED.map((c) => c.source))].sort()).toEqual(
      [...EVIDENCE_SOURCE_NAMES, 'hardware'].sort(),
    );
  });
});
