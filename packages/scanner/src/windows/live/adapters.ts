import { ERROR_BUFFER_OVERFLOW, ERROR_SUCCESS, win32 } from '../win32.js';

/** One adapter as `GetAdaptersAddresses` describes it. */
export interface WindowsAdapter {
  friendlyName: string;
  description: string;
  /** IANA ifType: 6 Ethernet, 23 PPP, 24 loopback, 53 proprietary virtual, 71 802.11, 131 tunnel. */
  ifType: number;
  /** IF_OPER_STATUS: 1 up, 2 down, 7 lower layer down, … */
  operStatus: number;
  hasAddress: boolean;
}

/**
 * Offsets in `IP_ADAPTER_ADDRESSES_LH` on 64-bit Windows (iptypes.h; Microsoft's documentation of
 * the structure): Length (ULONG) at 0, Next at 8, FirstUnicastAddress at 24, Description at 64,
 * FriendlyName at 72, IfType at 100, OperStatus at 104.
 */
const AT = {
  length: 0,
  next: 8,
  firstUnicast: 24,
  description: 64,
  friendlyName: 72,
  ifType: 100,
  operStatus: 104,
};
const MIN_ENTRY = 108;
/** More adapters than any machine has: the list is a chain, and a damaged one must not loop. */
const MAX_ADAPTERS = 512;

/**
 * Walks the adapter list `GetAdaptersAddresses` wrote into `bytes`, which lives at address `base`.
 * Every pointer in it points into the same buffer; one that does not ends the walk (an entry) or
 * leaves a name empty, so a damaged list is never read outside the buffer.
 */
export function parseAdapterAddresses(bytes: Buffer, base: bigint): WindowsAdapter[] {
  const out: WindowsAdapter[] = [];
  const inside = (pointer: bigint, size: number): number | null => {
    if (pointer === 0n || pointer < base) return null;
    const offset = pointer - base;
    return offset + BigInt(size) <= BigInt(bytes.length) ? Number(offset) : null;
  };
  const wide = (pointer: bigint): string => {
    const at = inside(pointer, 2);
    if (at === null) return '';
    let end = at;
    while (end + 1 < bytes.length && bytes.readUInt16LE(end) !== 0) end += 2;
    return bytes.toString('utf16le', at, end);
  };
  let at: number | null = bytes.length >= MIN_ENTRY ? 0 : null;
  const seen = new Set<number>();
  while (at !== null && out.length < MAX_ADAPTERS && !seen.has(at)) {
    seen.add(at);
    if (bytes.readUInt32LE(at + AT.length) < MIN_ENTRY) break;
    out.push({
      friendlyName: wide(bytes.readBigUInt64LE(at + AT.friendlyName)),
      description: wide(bytes.readBigUInt64LE(at + AT.description)),
      ifType: bytes.readUInt32LE(at + AT.ifType),
      operStatus: bytes.readUInt32LE(at + AT.operStatus),
      hasAddress: bytes.readBigUInt64LE(at + AT.firstUnicast) !== 0n,
    });
    at = inside(bytes.readBigUInt64LE(at + AT.next), MIN_ENTRY);
  }
  return out;
}

/** AF_UNSPEC, and leave out the anycast, multicast and DNS server lists (GAA_FLAG_SKIP_*). */
const AF_UNSPEC = 0;
const FLAGS = 0x2 | 0x4 | 0x8;
const ERROR_NO_DATA = 232;

/**
 * Every adapter Windows knows, connected or not (a VPN's TAP or WireGuard adapter between
 * connections is down but listed), through `GetAdaptersAddresses` (iphlpapi.dll). The buffer is
 * koffi-allocated so its address is fixed while the list's pointers are followed.
 */
export async function listWindowsAdapters(): Promise<WindowsAdapter[]> {
  const w = await win32();
  let size = 16 * 1024;
  for (let attempt = 0; attempt < 4; attempt++) {
    const pointer = w.koffi.alloc('uint8_t', size);
    try {
      const want = [size];
      const status = w.GetAdaptersAddresses(AF_UNSPEC, FLAGS, null, pointer, want);
      if (status === ERROR_BUFFER_OVERFLOW) {
        size = Math.max(size * 2, want[0] ?? 0);
        continue;
      }
      if (status === ERROR_NO_DATA) return [];
      if (status !== ERROR_SUCCESS) throw new Error(`GetAdaptersAddresses failed (${status})`);
      const bytes = Buffer.from(w.koffi.view(pointer, size) as ArrayBuffer);
      return parseAdapterAddresses(bytes, BigInt(pointer));
    } finally {
      w.koffi.free(pointer);
    }
  }
  throw new Error('GetAdaptersAddresses kept asking for a larger buffer');
}
