import { readFile } from 'node:fs/promises';
import { release, uptime, version } from 'node:os';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { bootTimeMs } from '../processes/linux.js';
import type { Collector } from './context.js';

const VM_VENDORS =
  /vmware|virtualbox|innotek|qemu|kvm|microsoft corporation virtual|hyper-v|xen|parallels|bochs|bhyve/i;

async function text(path: string): Promise<string | null> {
  return readFile(path, 'utf8').then(
    (t) => t.trim(),
    () => null,
  );
}

/** "Linux 6.1.0-28-amd64 (Debian GNU/Linux 12 (bookworm))", "Windows 10 Pro 10.0.22631". */
async function osName(platform: NodeJS.Platform): Promise<string> {
  if (platform === 'linux') {
    const osRelease = (await text('/etc/os-release')) ?? '';
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(osRelease)?.[1];
    return `Linux ${release()}${pretty ? ` (${pretty})` : ''}`;
  }
  if (platform === 'win32') return `${version()} ${release()}`;
  if (platform === 'darwin') return `macOS (Darwin ${release()})`;
  return `${platform} ${release()}`;
}

/** Signs of a virtual machine (Linux: the CPU's hypervisor flag and the firmware's vendor strings). */
async function vmSigns(platform: NodeJS.Platform, procRoot: string, sysRoot: string): Promise<string[]> {
  if (platform !== 'linux') return [];
  const signs: string[] = [];
  const cpuinfo = (await text(join(procRoot, 'cpuinfo'))) ?? '';
  if (/^flags\s*:.*\bhypervisor\b/m.test(cpuinfo)) signs.push('CPU reports a hypervisor');
  for (const field of ['sys_vendor', 'product_name', 'board_vendor', 'bios_vendor']) {
    const value = await text(join(sysRoot, 'class', 'dmi', 'id', field));
    if (value && VM_VENDORS.test(value))
      signs.push(`${field.replace('_', ' ')}: ${value}`.slice(0, EVIDENCE_CAPS.text));
  }
  return signs.slice(0, EVIDENCE_CAPS.vmSigns);
}

/**
 * The operating system, when the machine started, signs of a virtual machine and the client's clock
 * (docs/scan-client.md): the server compares that clock with its own. The logon time is not known
 * on every system; it stays null rather than guessed, and the report then counts from boot.
 */
export const collectSystem: Collector<'system'> = async (ctx) => {
  const { platform, procRoot, sysRoot } = ctx.machine;
  const boot = platform === 'linux' ? await bootTimeMs(procRoot) : Date.now() - uptime() * 1000;
  return {
    os: (await osName(platform)).slice(0, EVIDENCE_CAPS.name),
    bootedAt: boot === null ? null : new Date(boot).toISOString(),
    logonAt: null,
    virtualMachine: await vmSigns(platform, procRoot, sysRoot),
    clientTime: new Date().toISOString(),
  };
};
