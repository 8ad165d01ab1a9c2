import { describe, expect, it } from 'vitest';
import { windowsAdapterEvidence } from '../../../packages/scanner/src/collect/network.js';
import { parseAdapterAddresses } from '../../../packages/scanner/src/windows/live/adapters.js';
import { bamEntriesOf } from '../../../packages/scanner/src/windows/live/registry-bam.js';
import { filetimeOf } from './fixtures/regf-image.js';

/**
 * The pure halves of the live Windows calls (docs/scan-client.md, "Live Windows calls"): the adapter
 * list `GetAdaptersAddresses` writes, walked from a buffer laid out as `IP_ADAPTER_ADDRESSES_LH`
 * (iptypes.h) here, and BAM values as `RegEnumValueW` returns them. The calls themselves run under
 * Wine in wine.test.ts.
 */

const BASE = 0x1_2345_0000n;
const ENTRY = 376;

interface Planted {
  friendly: string;
  description: string;
  ifType: number;
  oper: number;
  unicast: boolean;
}

function adapterList(adapters: Planted[], size = 4096): Buffer {
  const buf = Buffer.alloc(size);
  let strings = adapters.length * ENTRY;
  const wide = (text: string): bigint => {
    const at = strings;
    buf.write(`${text}\0`, at, 'utf16le');
    strings += (text.length + 1) * 2;
    return BASE + BigInt(at);
  };
  adapters.forEach((a, i) => {
    const at = i * ENTRY;
    buf.writeUInt32LE(ENTRY, at);
    buf.writeBigUInt64LE(i + 1 < adapters.length ? BASE + BigInt(at + ENTRY) : 0n, at + 8);
    buf.writeBigUInt64LE(a.unicast ? BASE + 8n : 0n, at + 24);
    buf.writeBigUInt64LE(wide(a.description), at + 64);
    buf.writeBigUInt64LE(wide(a.friendly), at + 72);
    buf.writeUInt32LE(a.ifType, at + 100);
    buf.writeUInt32LE(a.oper, at + 104);
  });
  return buf;
}

describe('the adapter list from GetAdaptersAddresses', () => {
  const planted: Planted[] = [
    { friendly: 'Ethernet', description: 'Intel(R) Ethernet Connection', ifType: 6, oper: 1, unicast: true },
    { friendly: 'Ethernet 2', description: 'TAP-Windows Adapter V9', ifType: 6, oper: 2, unicast: false },
    { friendly: 'wg-home', description: 'WireGuard Tunnel', ifType: 53, oper: 2, unicast: false },
    { friendly: 'Wi-Fi', description: 'Intel(R) Wi-Fi 6 AX201 160MHz', ifType: 71, oper: 1, unicast: true },
    {
      friendly: 'Loopback Pseudo-Interface 1',
      description: 'Software Loopback',
      ifType: 24,
      oper: 1,
      unicast: true,
    },
  ];

  it('walks the chain and names each adapter, down VPN adapters included', () => {
    const adapters = parseAdapterAddresses(adapterList(planted), BASE);
    expect(adapters.map(windowsAdapterEvidence)).toEqual([
      {
        name: 'Ethernet',
        kind: 'ethernet',
        up: true,
        hasAddress: true,
        description: 'Intel(R) Ethernet Connection',
      },
      {
        name: 'Ethernet 2',
        kind: 'vpn',
        up: false,
        hasAddress: false,
        description: 'TAP-Windows Adapter V9',
      },
      { name: 'wg-home', kind: 'vpn', up: false, hasAddress: false, description: 'WireGuard Tunnel' },
      {
        name: 'Wi-Fi',
        kind: 'wireless',
        up: true,
        hasAddress: true,
        description: 'Intel(R) Wi-Fi 6 AX201 160MHz',
      },
      {
        name: 'Loopback Pseudo-Interface 1',
        kind: 'loopback',
        up: true,
        hasAddress: true,
        description: 'Software Loopback',
      },
    ]);
  });

  it('never follows a pointer out of the buffer, nor around a loop', () => {
    const outside = adapterList(planted.slice(0, 2));
    outside.writeBigUInt64LE(BASE + 1_000_000n, 8);
    outside.writeBigUInt64LE(BASE - 10n, 72);
    const read = parseAdapterAddresses(outside, BASE);
    expect(read).toHaveLength(1);
    expect(read[0]?.friendlyName).toBe('');

    const loop = adapterList(planted.slice(0, 2));
    loop.writeBigUInt64LE(BASE, ENTRY + 8);
    expect(parseAdapterAddresses(loop, BASE)).toHaveLength(2);

    expect(parseAdapterAddresses(Buffer.alloc(40), BASE)).toEqual([]);
    expect(parseAdapterAddresses(Buffer.alloc(ENTRY), BASE)).toEqual([]);
  });
});

describe('BAM values as RegEnumValueW gives them', () => {
  it('keeps programs with a time, skips bookkeeping and broken values', () => {
    const time = Buffer.alloc(24);
    time.writeBigUInt64LE(filetimeOf('2024-03-10T18:45:13.000Z'));
    const found = bamEntriesOf('bam', 'S-1-5-21-1-2-3-1001', [
      { name: 'Version', type: 4, data: Buffer.from([1, 0, 0, 0]) },
      { name: 'SequenceNumber', type: 4, data: Buffer.from([9, 0, 0, 0]) },
      { name: '\\Device\\HarddiskVolume3\\cheat.exe', type: 3, data: time },
      { name: '\\Device\\HarddiskVolume3\\short.exe', type: 3, data: Buffer.alloc(4) },
      { name: '\\Device\\HarddiskVolume3\\zero.exe', type: 3, data: Buffer.alloc(24) },
      { name: '\\Device\\HarddiskVolume3\\text.exe', type: 1, data: time },
    ]);
    expect(found.entries).toEqual([
      {
        service: 'bam',
        sid: 'S-1-5-21-1-2-3-1001',
        program: '\\Device\\HarddiskVolume3\\cheat.exe',
        lastRun: '2024-03-10T18:45:13.000Z',
      },
    ]);
    expect(found.skipped).toBe(3);
  });
});
