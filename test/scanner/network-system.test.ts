import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classify, collectNetwork } from '../../packages/scanner/src/collect/network.js';
import { collectSystem } from '../../packages/scanner/src/collect/system.js';
import { contextFor } from './fixtures/context.js';

/** A planted /sys/class/net and /proc, as the kernel lays them out. */
function plantSys() {
  const root = mkdtempSync(join(tmpdir(), 'scanpin-sys-'));
  const net = (name: string, files: Record<string, string>) => {
    mkdirSync(join(root, 'sys/class/net', name), { recursive: true });
    for (const [f, v] of Object.entries(files)) writeFileSync(join(root, 'sys/class/net', name, f), `${v}\n`);
  };
  net('lo', { flags: '0x9', operstate: 'unknown', uevent: 'INTERFACE=lo' });
  net('eth0', { flags: '0x1003', operstate: 'up', uevent: 'INTERFACE=eth0' });
  net('wg0', { flags: '0x90', operstate: 'down', uevent: 'DEVTYPE=wireguard\nINTERFACE=wg0' });
  net('tun0', { flags: '0x1090', operstate: 'down', tun_flags: '0x1001', uevent: 'INTERFACE=tun0' });
  net('docker0', { flags: '0x1003', operstate: 'down', uevent: 'DEVTYPE=bridge' });
  mkdirSync(join(root, 'sys/class/dmi/id'), { recursive: true });
  writeFileSync(join(root, 'sys/class/dmi/id/sys_vendor'), 'QEMU\n');
  mkdirSync(join(root, 'proc'), { recursive: true });
  writeFileSync(join(root, 'proc/cpuinfo'), 'processor\t: 0\nflags\t\t: fpu vme sse2 hypervisor avx\n');
  writeFileSync(join(root, 'proc/stat'), 'cpu  1 2 3\nbtime 1767225600\n');
  return root;
}

describe('network adapters and system facts', () => {
  const root = plantSys();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const ctx = contextFor({ env: { HOME: root }, sysRoot: join(root, 'sys'), procRoot: join(root, 'proc') });

  it('lists every adapter, down and address-less ones too, with VPNs and tunnels named', async () => {
    const { adapters } = await collectNetwork(ctx);
    const kinds = Object.fromEntries(adapters.map((a) => [a.name, [a.kind, a.up]]));
    expect(kinds).toEqual({
      docker0: ['virtual', false],
      eth0: ['ethernet', true],
      lo: ['loopback', true],
      tun0: ['vpn', false],
      wg0: ['vpn', false],
    });
  });

  it('gives the OS, boot time, virtual machine signs and the client clock', async () => {
    const facts = await collectSystem(ctx);
    expect(facts.os).toMatch(/^Linux /);
    expect(facts.bootedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(facts.virtualMachine).toEqual(['CPU reports a hypervisor', 'sys vendor: QEMU']);
    expect(Math.abs(Date.parse(facts.clientTime) - Date.now())).toBeLessThan(5000);
  });

  it('names adapters by what they are', () => {
    expect(classify('nordlynx', null, false, false)).toBe('vpn');
    expect(classify('TAP-Windows Adapter V9', null, false, false)).toBe('tunnel');
    expect(classify('wlp3s0', null, true, false)).toBe('wireless');
    expect(classify('veth12ab', 'veth', false, false)).toBe('virtual');
  });
});

const canUnshare =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['-n', 'true']).status === 0 &&
  spawnSync('ip', ['-V']).status === 0;

describe.skipIf(!canUnshare)('a real down tun0 in a fresh network namespace', () => {
  it('is listed as a tunnel adapter that is down and has no address', () => {
    const script = `ip tuntap add tun0 mode tun && node --import tsx -e "import('${join(process.cwd(), 'packages/scanner/src/collect/network.ts')}').then(async (m) => { const r = await m.collectNetwork({ machine: { platform: 'linux', env: {}, procRoot: '/proc', sysRoot: '/sys' } }); console.log(JSON.stringify(r)); })"`;
    // A new mount namespace too, so /sys shows the new network namespace's adapters.
    const out = execFileSync('unshare', ['-n', '-m', 'sh', '-c', `mount -t sysfs sysfs /sys && ${script}`], {
      encoding: 'utf8',
    });
    const { adapters } = JSON.parse(out.trim().split('\n').at(-1) as string);
    expect(adapters).toContainEqual({
      name: 'tun0',
      kind: 'vpn',
      up: false,
      hasAddress: false,
      description: 'tun',
    });
  });
});
if (!canUnshare)
  console.warn(
    'NOT TESTED: a real tun0 in a network namespace needs root, unshare and ip (iproute2) on Linux.',
  );
