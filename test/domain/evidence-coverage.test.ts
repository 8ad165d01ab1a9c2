import { describe, expect, it } from 'vitest';
import { coverageIntegrity } from '../../src/domain/evidence-coverage.js';
import { evidence, jar } from '../support/evidence.js';

const memory = (truncated: boolean) => ({
  pid: 4242,
  process: 'javaw.exe',
  readable: true,
  reason: null,
  bytesScanned: 1,
  regions: 1,
  classNames: [],
  strings: [],
  truncated,
});

describe('a capped or truncated source lowers the scan (docs/scan-client.md, "What a capped scan means")', () => {
  it('names each cut in words staff understand', () => {
    const doc = evidence('n', {
      files: {
        items: [{ ...jar('~/.minecraft/mods/padded.jar', ['a/B.class']), entriesTotal: 20_001 }],
        itemsTotal: 5_001,
      },
      memory: { status: 'collected', items: [memory(true)] },
    });
    expect(coverageIntegrity(doc)).toEqual([
      'The scan could not send everything: 1 of 5,001 game files were listed; a file may be hidden among the rest.',
      'The scan could not send everything: 1 of 20,001 entries of ~/.minecraft/mods/padded.jar were listed; a class may be hidden among the rest.',
      "The scan could not send everything: the memory of javaw.exe (pid 4242) held more class names or texts than a scan carries; a cheat's may be among those left out.",
    ]);
  });

  it('says nothing of a whole scan, nor of an older client that sends no count', () => {
    const whole = evidence('n', {
      files: { items: [jar('~/.minecraft/mods/a.jar', ['a/B.class'])], itemsTotal: 1 },
      memory: { status: 'collected', items: [memory(false)] },
    });
    expect(coverageIntegrity(whole)).toEqual([]);
    expect(coverageIntegrity(evidence('n', { files: { items: [jar('~/x.jar', [])] } }))).toEqual([]);
  });
});
