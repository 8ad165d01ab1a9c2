import { describe, expect, it } from 'vitest';
import {
  parseServiceConfig,
  parseServiceStatus,
} from '../../../packages/scanner/src/windows/live/services.js';

/**
 * The pure halves of the service manager calls: SERVICE_STATUS_PROCESS and QUERY_SERVICE_CONFIGW laid
 * out here from winsvc.h (64-bit), as `QueryServiceStatusEx` and `QueryServiceConfigW` fill them. The
 * calls themselves run under Wine in wine.test.ts.
 */

const BASE = 0x7ff6_1234_0000n;

function status(type: number, state: number, pid: number): Uint8Array {
  const out = Buffer.alloc(36);
  out.writeUInt32LE(type, 0);
  out.writeUInt32LE(state, 4);
  out.writeUInt32LE(0x5, 8); // controls accepted
  out.writeUInt32LE(pid, 28);
  return out;
}

/** QUERY_SERVICE_CONFIGW with its strings after the 64-byte structure, as the SCM writes them. */
function config(type: number, start: number, image: string | null, display: string | null): Uint8Array {
  const out = Buffer.alloc(1024);
  let strings = 64;
  const wide = (text: string | null): bigint => {
    if (text === null) return 0n;
    const at = strings;
    out.write(`${text}\0`, at, 'utf16le');
    strings += (text.length + 1) * 2;
    return BASE + BigInt(at);
  };
  out.writeUInt32LE(type, 0);
  out.writeUInt32LE(start, 4);
  out.writeUInt32LE(1, 8);
  out.writeBigUInt64LE(wide(image), 16);
  out.writeBigUInt64LE(wide('LocalSystemNetworkRestricted'), 24);
  out.writeBigUInt64LE(wide('rpcss\0fileinfo\0'), 40);
  out.writeBigUInt64LE(wide('LocalSystem'), 48);
  out.writeBigUInt64LE(wide(display), 56);
  return out;
}

describe('the service manager answers', () => {
  it('SERVICE_STATUS_PROCESS: state and process', () => {
    expect(parseServiceStatus(status(0x20, 4, 1234))).toEqual({
      type: 0x20,
      state: 'running',
      processId: 1234,
    });
    expect(parseServiceStatus(status(0x1, 1, 0))).toEqual({ type: 0x1, state: 'stopped', processId: 0 });
    expect(parseServiceStatus(status(0x20, 99, 0)).state).toBeNull();
  });

  it('QUERY_SERVICE_CONFIGW: start type, image path and display name through its pointers', () => {
    const image = '%systemroot%\\system32\\svchost.exe -k LocalSystemNetworkRestricted -p';
    expect(parseServiceConfig(config(0x20, 4, image, 'SysMain'), BASE)).toEqual({
      type: 0x20,
      start: 4,
      imagePath: image,
      displayName: 'SysMain',
    });
  });

  it('a null pointer, or one outside the buffer, reads as null', () => {
    const bytes = config(0x10, 2, null, 'Connected User Experiences and Telemetry');
    Buffer.from(bytes.buffer).writeBigUInt64LE(BASE + 1_000_000n, 56);
    expect(parseServiceConfig(bytes, BASE)).toEqual({
      type: 0x10,
      start: 2,
      imagePath: null,
      displayName: null,
    });
  });
});
