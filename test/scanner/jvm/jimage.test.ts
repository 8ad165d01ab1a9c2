import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jimageClassNames, readJimageClassNames } from '../../../packages/scanner/src/jvm/jimage.js';

const MODULES = '/usr/lib/jvm/java-17-openjdk-amd64/lib/modules';

function jimageTool(): boolean {
  try {
    execFileSync('jimage', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const canCompare = existsSync(MODULES) && jimageTool();
if (!canCompare) console.warn(`NOT TESTED: the JDK's lib/modules (${MODULES}) or its jimage tool is missing`);

describe('the jimage index of a Java runtime', () => {
  it.skipIf(!canCompare)('lists exactly the classes the JDK’s own `jimage list` lists', async () => {
    const ours = await readJimageClassNames(MODULES);
    expect(ours.readable).toBe(true);
    const oracle = execFileSync('jimage', ['list', MODULES], { maxBuffer: 64 * 1024 * 1024 })
      .toString()
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.endsWith('.class') && !l.endsWith('module-info.class'))
      .map((l) => l.slice(0, -'.class'.length));
    expect(oracle.length).toBeGreaterThan(20_000);
    expect([...ours.classes].sort()).toEqual(oracle.sort());
  });

  it('says why a file that is not a jimage cannot be read', () => {
    expect(jimageClassNames(Buffer.from('PK\x03\x04 not a jimage at all, a zip'))).toEqual({
      readable: false,
      reason: 'the file does not start with the jimage magic number',
      classes: [],
    });
    expect(jimageClassNames(Buffer.alloc(3))).toMatchObject({ readable: false });
  });

  it.skipIf(!existsSync(MODULES))('says a cut index is cut', () => {
    const head = readFileSync(MODULES).subarray(0, 4096);
    expect(jimageClassNames(head)).toEqual({
      readable: false,
      reason: 'the jimage index is cut short',
      classes: [],
    });
  });
});
