import { readdir, readFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { AdapterEvidence } from '../evidence/document.js';
import type { WindowsAdapter } from '../windows/live/adapters.js';
import type { Collector } from './context.js';

type Kind = AdapterEvidence['kind'];

/** Names VPN clients give their adapters (WireGuard, OpenVPN, the big consumer VPNs, Tailscale, ZeroTier). */
const VPN_NAME =
  /^(wg\d*|tun\d*|tap\d*|utun\d*|ppp\d*|ipsec\d*|tailscale\d*|zt\w*|nordlynx|proton\w*|mullvad\w*|expressvpn\w*|cloudflare-warp|CloudflareWARP)$|wireguard|openvpn|tap-windows|nordvpn|surfshark|protonvpn|windscribe|hotspot shield|cyberghost|private internet access|tunnel/i;
const VIRTUAL_NAME =
  /^(veth|docker|br-|virbr|vmnet|vboxnet|lxc|cni|flannel|podman)|hyper-v|virtualbox|vmware/i;

/** What a name (and, on Linux, the kernel's device type) says an adapter is. */
export function classify(name: string, devtype: string | null, wireless: boolean, loopback: boolean): Kind {
  if (loopback) return 'loopback';
  if (devtype === 'wireguard' || devtype === 'tun' || devtype === 'ppp') return 'vpn';
  if (VPN_NAME.test(name)) return /^(tun|tap|utun)/i.test(name) ? 'tunnel' : 'vpn';
  if (devtype === 'veth' || devtype === 'bridge' || VIRTUAL_NAME.test(name)) return 'virtual';
  if (wireless || devtype === 'wlan' || /^wl/.test(name)) return 'wireless';
  if (/^(en|eth)/.test(name) || /ethernet/i.test(name)) return 'ethernet';
  return 'other';
}

async function text(path: string): Promise<string | null> {
  return readFile(path, 'utf8').then(
    (t) => t.trim(),
    () => null,
  );
}

/**
 * Linux: every adapter under /sys/class/net, including ones that are down or have no address
 * (a VPN's `tun0` between connections), which `os.networkInterfaces()` leaves out.
 */
async function linuxAdapters(sysRoot: string): Promise<AdapterEvidence[]> {
  const dir = join(sysRoot, 'class', 'net');
  const addressed = new Set(Object.keys(networkInterfaces()));
  const out: AdapterEvidence[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const base = join(dir, name);
    const uevent = (await text(join(base, 'uevent'))) ?? '';
    const devtype =
      /^DEVTYPE=(.*)$/m.exec(uevent)?.[1] ?? ((await text(join(base, 'tun_flags'))) !== null ? 'tun' : null);
    const flags = Number.parseInt((await text(join(base, 'flags'))) ?? '0', 16);
    const operstate = (await text(join(base, 'operstate'))) ?? 'unknown';
    const wireless = (await readdir(join(base, 'wireless')).catch(() => null)) !== null;
    const loopback = (flags & 0x8) !== 0 || name === 'lo';
    out.push({
      name: name.slice(0, EVIDENCE_CAPS.name),
      kind: classify(name, devtype, wireless, loopback),
      // IFF_UP, or an operational state the kernel calls up.
      up: (flags & 0x1) !== 0 && operstate !== 'down',
      hasAddress: addressed.has(name),
      description: devtype,
    });
  }
  return out;
}

/**
 * Windows: every adapter from `GetAdaptersAddresses`, down ones included. The kind comes from the
 * interface type first (loopback, tunnel, PPP, 802.11), then from the friendly name and the driver's
 * description (`TAP-Windows Adapter V9`, `WireGuard Tunnel`, `Wintun Userspace Tunnel`).
 */
export function windowsAdapterEvidence(a: WindowsAdapter): AdapterEvidence {
  const named = `${a.friendlyName} ${a.description}`;
  let kind: Kind;
  if (a.ifType === 24) kind = 'loopback';
  else if (a.ifType === 23) kind = 'vpn';
  else {
    kind = classify(named, null, a.ifType === 71, false);
    if (kind === 'other' || kind === 'ethernet') {
      if (/wintun|wireguard|tap-windows|openvpn/i.test(named)) kind = 'vpn';
      else if (a.ifType === 131) kind = 'tunnel';
      else if (a.ifType === 6 && kind === 'other') kind = 'ethernet';
    }
  }
  return {
    name: a.friendlyName.slice(0, EVIDENCE_CAPS.name),
    kind,
    // IfOperStatusUp.
    up: a.operStatus === 1,
    hasAddress: a.hasAddress,
    description: a.description.slice(0, EVIDENCE_CAPS.name),
  };
}

async function windowsAdapters(): Promise<AdapterEvidence[]> {
  const { listWindowsAdapters } = await import('../windows/live/adapters.js');
  return (await listWindowsAdapters()).map(windowsAdapterEvidence);
}

/** Elsewhere: what Node can see (adapters with an address). */
function nodeAdapters(): AdapterEvidence[] {
  return Object.entries(networkInterfaces()).map(([name, addrs]) => {
    const loopback = (addrs ?? []).some((a) => a.internal);
    return {
      name: name.slice(0, EVIDENCE_CAPS.name),
      kind: classify(name, null, /wi-?fi|wireless|wlan/i.test(name), loopback),
      up: true,
      hasAddress: (addrs ?? []).length > 0,
      description: null,
    };
  });
}

/** Network adapters, VPN and tunnel adapters named as such (docs/scan-client.md). */
export const collectNetwork: Collector<'network'> = async (ctx) => {
  const { platform } = ctx.machine;
  const adapters =
    platform === 'linux'
      ? await linuxAdapters(ctx.machine.sysRoot)
      : platform === 'win32' && process.platform === 'win32'
        ? await windowsAdapters()
        : nodeAdapters();
  return { adapters: adapters.slice(0, EVIDENCE_CAPS.adapters) };
};
