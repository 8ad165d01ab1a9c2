import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's `sccainfo` (package libscca-utils, libyal's independent Prefetch reader, with libfwnt's
 * LZXpress Huffman decoder) as the oracle of the Prefetch tests: what it prints for a file, parsed.
 */
export interface SccainfoReport {
  version: number;
  executable: string;
  hash: string;
  runCount: number;
  lastRuns: string[];
  files: string[];
  volumes: { devicePath: string; serial: string; createdAt: string | null }[];
}

/** Fails loudly when the oracle is missing: a skipped oracle would hide every disagreement. */
export function requireSccainfo(): void {
  const probe = spawnSync('sccainfo', ['-V'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'sccainfo (package libscca-utils) is required for this test: apt-get install libscca-utils',
    );
  }
}

export function sccainfo(bytes: Uint8Array): SccainfoReport {
  const dir = mkdtempSync(join(tmpdir(), 'sccainfo-'));
  try {
    const path = join(dir, 'fixture.pf');
    writeFileSync(path, bytes);
    return parseSccainfo(execFileSync('sccainfo', [path], { encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 11, 2016 22:08:20.985321000 UTC" as ISO 8601 with milliseconds (truncated), or null when not set. */
function sccainfoTime(text: string): string | null {
  if (text.startsWith('Not set')) return null;
  const m = /^(\w{3}) (\d{2}), (\d{4}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})\d* UTC$/.exec(text);
  if (!m) throw new Error(`sccainfo printed a time this test cannot read: ${text}`);
  const month = String(MONTHS.indexOf(m[1] as string) + 1).padStart(2, '0');
  return `${m[3]}-${month}-${m[2]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`;
}

export function parseSccainfo(output: string): SccainfoReport {
  const report: SccainfoReport = {
    version: Number.NaN,
    executable: '',
    hash: '',
    runCount: Number.NaN,
    lastRuns: [],
    files: [],
    volumes: [],
  };
  for (const line of output.split('\n')) {
    const m = /^\t([^\t:]+(?:: \d+)?):?\t+: (.*)$/.exec(line);
    if (/^Volume: \d+ information:$/.test(line)) {
      report.volumes.push({ devicePath: '', serial: '', createdAt: null });
      continue;
    }
    if (!m) continue;
    const [, key, value] = m as unknown as [string, string, string];
    const volume = report.volumes.at(-1);
    if (key === 'Format version') report.version = Number(value);
    else if (key === 'Prefetch hash') report.hash = value.replace(/^0x/, '').toUpperCase().padStart(8, '0');
    else if (key === 'Executable filename') report.executable = value;
    else if (key === 'Run count') report.runCount = Number(value);
    else if (key.startsWith('Last run time')) {
      const time = sccainfoTime(value);
      if (time !== null) report.lastRuns.push(time);
    } else if (key.startsWith('Filename: ')) report.files.push(value);
    else if (key === 'Device path' && volume) volume.devicePath = value;
    else if (key === 'Creation time' && volume) volume.createdAt = sccainfoTime(value);
    else if (key === 'Serial number' && volume) {
      volume.serial = value.replace(/^0x/, '').toUpperCase().padStart(8, '0');
    }
  }
  return report;
}
