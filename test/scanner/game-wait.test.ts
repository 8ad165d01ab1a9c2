import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AcceptanceServer, startAcceptanceServer } from './fixtures/acceptance.js';
import { type GameProcess, startGameProcess } from './fixtures/game-process.js';
import { plantedMachine } from './fixtures/machine.js';

/**
 * The game must run (docs/scan-client.md, "The game must run"): when no process of the PIN's game is
 * running after the start, the scanner tells the player to start it and waits with a countdown,
 * re-checking, then scans anyway and the evidence says so. Rust's `RustClient` is the game here: no
 * other test runs a process of that name, so "not running" holds on a shared machine.
 */

const bin = 'packages/scanner/bin/scanpin-scan.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the scanner from source, calling `onStderr` with everything it printed so far. */
function scan(args: string[], env: Record<string, string>, onStderr?: (all: string) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
      onStderr?.(stderr);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

interface Printed {
  result?: string;
  evidence: { sources: { processes: { status: string; items: { name: string }[]; game?: unknown } } };
}

describe.skipIf(process.platform !== 'linux')('the scanner waits for the game', () => {
  let server: AcceptanceServer;
  let game: GameProcess | undefined;
  const machine = plantedMachine('linux');

  beforeAll(async () => {
    server = await startAcceptanceServer();
  });
  afterEach(() => {
    game?.stop();
    game = undefined;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(machine.root, { recursive: true, force: true });
  });

  it('counts down, then scans without it, and the evidence says the game was not running', async () => {
    const pin = await server.t.createPin(server.owner.key, { type: 'Rust' });
    const started = Date.now();
    const run = await scan(
      ['--server', server.url, '--pin', pin, '--yes', '--json', '--wait-seconds', '2'],
      machine.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Rust is not running (looked for RustClient). Start the game now');
    expect(run.stderr).toContain('Waiting for the game: 0:02 left');
    expect(run.stderr).toContain('Rust is still not running: scanning without it.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    const printed = JSON.parse(run.stdout) as Printed;
    // The whole countdown, and the last checks of a loaded machine.
    expect(printed.evidence.sources.processes.game).toEqual({
      expected: ['RustClient'],
      running: false,
      waitedSeconds: expect.any(Number),
    });
    const { waitedSeconds } = printed.evidence.sources.processes.game as { waitedSeconds: number };
    expect(waitedSeconds).toBeGreaterThanOrEqual(2);
    expect(waitedSeconds).toBeLessThanOrEqual(10);
    const status = await server.t.api('GET', `/v1/pins/${pin}/status`, { key: server.owner.key });
    expect(status.json().status).toBe('finished');
  });

  it('goes on as soon as the player starts the game during the wait', async () => {
    const pin = await server.t.createPin(server.owner.key, { type: 'Rust' });
    let starting: Promise<GameProcess> | undefined;
    const run = await scan(
      ['--server', server.url, '--pin', pin, '--yes', '--json', '--wait-seconds', '60'],
      machine.env,
      (stderr) => {
        if (starting === undefined && stderr.includes('Waiting for the game'))
          starting = startGameProcess({ name: 'RustClient' });
      },
    );
    game = await starting;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Rust is running. Scanning.');
    const printed = JSON.parse(run.stdout) as Printed;
    const facts = printed.evidence.sources.processes.game as { running: boolean; waitedSeconds: number };
    expect(facts.running).toBe(true);
    expect(facts.waitedSeconds).toBeGreaterThanOrEqual(0);
    expect(facts.waitedSeconds).toBeLessThan(30);
    expect(printed.evidence.sources.processes.items.map((p) => p.name)).toContain('RustClient');
  });

  it('does not wait when the game already runs, and prints no verdict', async () => {
    game = await startGameProcess({ name: 'RustClient' });
    const pin = await server.t.createPin(server.owner.key, { type: 'Rust' });
    const run = await scan(
      ['--server', server.url, '--pin', pin, '--yes', '--wait-seconds', '60'],
      machine.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Waiting for the game');
    expect(run.stdout).toContain("The scan is complete. The community's staff have the result.");
    expect(run.stdout).not.toMatch(/Verdict|legit|suspicious|cheating/);
  });
});
if (process.platform !== 'linux') console.warn('NOT TESTED: the wait for the game reads /proc (Linux).');
