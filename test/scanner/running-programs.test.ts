import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../packages/scanner/src/cli/main.js';
import { runningPrograms, withoutOtherUsers } from '../../packages/scanner/src/collect/running-programs.js';
import type { RunningProcess } from '../../packages/scanner/src/processes/list.js';
import { type AcceptanceServer, dumpStore, startAcceptanceServer } from './fixtures/acceptance.js';
import { type GameProcess, startGameProcess } from './fixtures/game-process.js';
import { plantedMachine } from './fixtures/machine.js';

/**
 * The other programs running during the scan (docs/scan-client.md, "Other running programs"): a
 * Linux scan by the scanner's own command (`main`, in this process) over the real `/proc`, while an
 * external cheat runs beside it, against a real server whose `process-name` and `file-sha256` rules
 * find it, renamed or not; a program's command line never leaves the machine; and the list's cap,
 * order and hashing budget on a listing the test lays out.
 */

const SECRET = 'OverlaySessionSecret-7d1e5f0a9c';

function proc(p: Partial<RunningProcess> & { pid: number; name: string }): RunningProcess {
  return { exe: null, startedAt: null, args: [], ...p };
}

const linux = { platform: 'linux' as const, env: {}, display: (p: string) => p, listed: () => false };

describe('the list of other running programs', () => {
  it('lists each program once, without kernel threads or the processes listed in full', async () => {
    const list = await runningPrograms(
      [
        proc({
          pid: 10,
          name: 'wz-minimal',
          exe: '/opt/tools/wz-minimal',
          args: ['wz-minimal', '--key', 'x'],
        }),
        proc({ pid: 11, name: 'wz-minimal', exe: '/opt/tools/wz-minimal' }),
        proc({ pid: 12, name: 'kworker/0:1', kernelThread: true }),
        proc({ pid: 13, name: 'java', exe: '/usr/lib/jvm/bin/java' }),
        proc({ pid: 14, name: 'overlay', exe: '/usr/bin/node' }),
        proc({ pid: 15, name: 'node', exe: '/usr/bin/node' }),
        proc({ pid: 16, name: 'hidden', exe: null }),
      ],
      { ...linux, listed: (p) => p.name === 'java' },
    );
    // Outside the system folders first, then system programs, then those without a path; by name.
    expect(list.items.map((p) => [p.name, p.path])).toEqual([
      ['wz-minimal', '/opt/tools/wz-minimal'],
      ['node', '/usr/bin/node'],
      ['overlay', '/usr/bin/node'],
      ['hidden', null],
    ]);
    expect(list).toMatchObject({ total: 4, truncated: false });
    expect(JSON.stringify(list)).not.toMatch(/--key|"pid"|kworker/);
  });

  it('holds to the cap, system programs left out first, and says it was cut', async () => {
    const all = [
      ...Array.from({ length: 300 }, (_, i) => proc({ pid: i, name: `svc${i}`, exe: `/usr/sbin/svc${i}` })),
      ...Array.from({ length: EVIDENCE_CAPS.runningPrograms }, (_, i) =>
        proc({ pid: 1000 + i, name: `app${String(i).padStart(3, '0')}`, exe: `/opt/app${i}/app` }),
      ),
    ];
    const list = await runningPrograms(all, { ...linux, limits: { fileBytes: 0, totalBytes: 0, ms: 0 } });
    expect(list.items).toHaveLength(EVIDENCE_CAPS.runningPrograms);
    expect(list.items.every((p) => p.name.startsWith('app'))).toBe(true);
    expect(list).toMatchObject({ total: 300 + EVIDENCE_CAPS.runningPrograms, truncated: true });
  });

  it('lists one binary run under many names in one place before the cut, every name counted', async () => {
    // 600 decoys: one interpreter under 600 names sorting before the cheat, which is a file of its own.
    const decoys = Array.from({ length: 600 }, (_, i) =>
      proc({ pid: i, name: `a${String(i).padStart(3, '0')}`, exe: '/opt/decoy/python3' }),
    );
    const cheat = proc({ pid: 9999, name: 'zz-esp', exe: '/opt/esp/zz-esp' });
    const list = await runningPrograms([...decoys, cheat], {
      ...linux,
      limits: { fileBytes: 0, totalBytes: 0, ms: 0 },
    });
    expect(list.items).toHaveLength(EVIDENCE_CAPS.runningPrograms);
    expect(list.items.slice(0, 2).map((p) => p.name)).toEqual(['a000', 'zz-esp']);
    expect(list).toMatchObject({ total: 601, truncated: true });
  });

  it('hashes each file once whatever its names, the smallest first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-programs-'));
    try {
      const big = join(dir, 'aaa-big');
      const small = join(dir, 'zzz-small');
      writeFileSync(big, randomBytes(3000));
      writeFileSync(small, randomBytes(1000));
      const all = [
        ...Array.from({ length: 20 }, (_, i) => proc({ pid: i, name: `n${i}`, exe: small })),
        proc({ pid: 100, name: 'aaa-big', exe: big }),
      ];
      // 2,500 bytes: the small file once (1,000), then the big one spends the budget.
      const list = await runningPrograms(all, {
        ...linux,
        limits: { fileBytes: 1_000_000, totalBytes: 2500, ms: 60_000 },
      });
      const sha = createHash('sha256').update(readFileSync(small)).digest('hex');
      expect(list.items.filter((p) => p.path === small).every((p) => p.sha256 === sha)).toBe(true);
      expect(list.items.find((p) => p.path === big)?.sha256).toBeNull();
      expect(list.unhashed).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hashes within the per-file bound and the budget, and counts what it did not hash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-programs-'));
    try {
      const files = ['a', 'b', 'c', 'big'].map((name) => {
        const path = join(dir, name);
        writeFileSync(path, randomBytes(name === 'big' ? 4096 : 1000));
        return path;
      });
      const all = files.map((exe, i) => proc({ pid: i, name: `p${i}`, exe }));
      const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
      const within = await runningPrograms(all, {
        ...linux,
        limits: { fileBytes: 2048, totalBytes: 1_000_000, ms: 60_000 },
      });
      expect(within.items.map((p) => p.sha256)).toEqual([
        sha(files[0] ?? ''),
        sha(files[1] ?? ''),
        sha(files[2] ?? ''),
        null,
      ]);
      expect(within.unhashed).toBe(1);
      // 2,500 bytes: the first two files, then the budget is spent on the third; the rest are listed unhashed.
      const budget = await runningPrograms(all, {
        ...linux,
        limits: { fileBytes: 2048, totalBytes: 2500, ms: 60_000 },
      });
      expect(budget.items.map((p) => p.sha256 !== null)).toEqual([true, true, false, false]);
      expect(budget.unhashed).toBe(2);
      expect(budget.items).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows paths as the scanner does, with another account’s name left out', () => {
    expect(withoutOtherUsers('~/Downloads/esp.exe')).toBe('~/Downloads/esp.exe');
    expect(withoutOtherUsers('C:/Users/Alice/AppData/Local/Temp/esp.exe')).toBe(
      'C:/Users/<user>/AppData/Local/Temp/esp.exe',
    );
    expect(withoutOtherUsers('/home/bob/.local/bin/clicker')).toBe('/home/<user>/.local/bin/clicker');
    expect(withoutOtherUsers('C:/Users/Public/tool.exe')).toBe('C:/Users/Public/tool.exe');
    expect(withoutOtherUsers('C:/Program Files/Steam/steam.exe')).toBe('C:/Program Files/Steam/steam.exe');
  });
});

/** A copy of Debian's `sleep` with bytes of its own appended (an ELF runs with trailing data), under `name`. */
function plantProgram(dir: string, name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  chmodSync(path, 0o755);
  return path;
}

function run(path: string): Promise<ChildProcess> {
  const child = spawn(path, ['600'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve(child));
  });
}

describe.skipIf(process.platform !== 'linux')('a Linux scan with an external cheat running', () => {
  let server: AcceptanceServer;
  let dir: string;
  let cheatHash: string;
  const children: ChildProcess[] = [];
  let overlay: GameProcess;
  let m: ReturnType<typeof plantedMachine>;

  beforeAll(async () => {
    server = await startAcceptanceServer();
    dir = mkdtempSync(join(tmpdir(), 'scanpin-cheat-'));
    const bytes = Buffer.concat([readFileSync('/bin/sleep'), randomBytes(64)]);
    cheatHash = createHash('sha256').update(bytes).digest('hex');
    mkdirSync(join(dir, 'renamed'));
    children.push(await run(plantProgram(dir, 'wz-minimal', bytes)));
    children.push(await run(plantProgram(join(dir, 'renamed'), 'audio-helper', bytes)));
    // The name warzone-hek renames itself to: the built-in game pack's file-name rule
    // (docs/detection.md, "Call of Duty") now sees it running too.
    mkdirSync(join(dir, 'hek'));
    children.push(await run(plantProgram(join(dir, 'hek'), 'xui2280.exe', bytes)));
    // A program whose command line holds a secret: listed by name, its command line never sent.
    overlay = await startGameProcess({ name: 'overlay-helper', args: ['--session-token', SECRET] });
    for (const rule of [
      { name: 'External ESP (test rule)', kind: 'process-name', pattern: 'wz-minimal', match: 'exact' },
      { name: 'External ESP build (test rule)', kind: 'file-sha256', pattern: cheatHash, match: 'exact' },
    ])
      await server.t.admin('POST', '/admin/v1/rules', { ...rule, severity: 'detection', games: ['Cod'] });
    m = plantedMachine('linux');
  }, 60_000);
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    overlay?.stop();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    if (m !== undefined) rmSync(m.root, { recursive: true, force: true });
  });

  it('finds it by name and, renamed, by its hash; the secret on a command line goes nowhere', async () => {
    const pin = await server.t.createPin(server.owner.key, { type: 'Cod' });
    // `--json` prints the document exactly as it was sent.
    const out: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    let code: number;
    try {
      code = await main(['--server', server.url, '--pin', pin, '--yes', '--wait-seconds', '0', '--json'], {
        platform: 'linux',
        env: m.env,
        procRoot: '/proc',
        sysRoot: join(m.root, 'sys'),
      });
    } finally {
      write.mockRestore();
    }
    expect(code).toBe(0);
    const sent = JSON.parse(out.join('')).evidence;
    const others = sent.sources.processes.others;
    expect(others.items).toEqual(
      expect.arrayContaining([
        { name: 'wz-minimal', path: `${dir}/wz-minimal`, sha256: cheatHash },
        // Node's own executable, through which the test runs it: larger than 64 MiB, so not hashed.
        {
          name: 'overlay-helper',
          path: realpathSync(process.execPath),
          sha256: statSync(process.execPath).size > 64 * 1024 * 1024 ? null : expect.any(String),
        },
      ]),
    );
    expect(others.truncated).toBe(false);
    expect(others.items.length).toBe(others.total);
    const results = (await server.t.api('GET', `/v1/pins/${pin}/results`, { key: server.owner.key })).json();
    expect(results.result).toBe('cheating');
    expect(results.data.detections).toEqual(
      expect.arrayContaining([
        `External ESP (test rule) in running process wz-minimal (${dir}/wz-minimal)`,
        `External ESP build (test rule) in running process wz-minimal (${dir}/wz-minimal)`,
        `External ESP build (test rule) in running process audio-helper (${dir}/renamed/audio-helper)`,
        `warzone-hek (Call of Duty external hack), renamed in running process xui2280.exe (${dir}/hek/xui2280.exe)`,
      ]),
    );
    const everything = [JSON.stringify(results), out.join(''), await dumpStore(server.t)];
    for (const text of everything) expect(text).not.toContain(SECRET);
  });
});
