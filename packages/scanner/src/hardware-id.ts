import { readFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { classify } from './collect/network.js';

/**
 * The hardware IDs sent when a scan starts. The server keeps only keyed hashes of them, to link
 * accounts used on the same computer (docs/scanner.md). Linux: the machine id, the firmware's product
 * UUID and board serial where readable; Windows: the MachineGuid of the registry. Everywhere: the
 * MAC addresses of physical adapters. The host name only when nothing else is there.
 */
export async function hardwareIds(platform: NodeJS.Platform): Promise<string[]> {
  const ids: string[] = [];
  const add = (kind: string, value: string | null | undefined) => {
    const v = value?.trim();
    if (v) ids.push(`${kind}:${v}`);
  };
  if (platform === 'linux') {
    add('machine-id', await readFile('/etc/machine-id', 'utf8').catch(() => null));
    add('product-uuid', await readFile('/sys/class/dmi/id/product_uuid', 'utf8').catch(() => null));
    add('board-serial', await readFile('/sys/class/dmi/id/board_serial', 'utf8').catch(() => null));
  } else if (platform === 'win32') {
    add('machine-guid', await windowsMachineGuid().catch(() => null));
  }
  for (const [name, addrs] of Object.entries(networkInterfaces())) {
    const mac = addrs?.find((a) => !a.internal && a.mac !== '00:00:00:00:00:00')?.mac;
    const kind = classify(name, null, /wl|wi-?fi|wireless/i.test(name), false);
    if (mac && (kind === 'ethernet' || kind === 'wireless')) add('mac', mac);
  }
  if (ids.length === 0) add('host', hostname());
  return [...new Set(ids)].slice(0, 16);
}

async function windowsMachineGuid(): Promise<string | null> {
  const koffi = (await import('koffi')).default;
  const advapi32 = koffi.load('advapi32.dll');
  const RegGetValueW = advapi32.func(
    'long __stdcall RegGetValueW(uintptr_t key, str16 subKey, str16 value, uint32 flags, _Out_ uint32* type, _Out_ uint8_t* data, _Inout_ uint32* size)',
  );
  const HKEY_LOCAL_MACHINE = 0x80000002;
  const RRF_RT_REG_SZ = 0x2;
  const RRF_SUBKEY_WOW6464KEY = 0x10000;
  const data = Buffer.alloc(256);
  const size = [data.length];
  const status = RegGetValueW(
    HKEY_LOCAL_MACHINE,
    'SOFTWARE\\Microsoft\\Cryptography',
    'MachineGuid',
    RRF_RT_REG_SZ | RRF_SUBKEY_WOW6464KEY,
    [0],
    data,
    size,
  );
  if (status !== 0) return null;
  return data.toString('utf16le', 0, Math.max(0, (size[0] ?? 2) - 2));
}
