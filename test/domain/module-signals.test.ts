import type { ModuleEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import type { Rule } from '../../src/domain/rules.js';
import { moduleSignals } from '../../src/domain/signals/module-signals.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { gameModule, windowsSections } from '../support/evidence.js';
import { findingsOf, storedRule } from './support/rules.js';

/** The signals of docs/scan-client.md, "Modules in the game process", on and off, and rules on module paths. */

const SHA_B = 'b'.repeat(64);

const module = gameModule;

function doc(items: ModuleEvidence[], status: 'collected' | 'skipped' = 'collected'): EvidenceDocument {
  return windowsSections({
    modules: {
      status,
      reason: null,
      processes: [
        {
          pid: 4242,
          process: 'FiveM_GTAProcess.exe',
          readable: true,
          reason: null,
          systemModules: 120,
          listed: items.length,
          truncated: false,
        },
      ],
      items,
    },
  });
}

const selfSigned = {
  status: 'signed-valid' as const,
  signer: 'Overlay Dev',
  issuer: 'Overlay Dev',
  selfSigned: true,
  reason: null,
  signedAt: null,
};

describe('module signals', () => {
  it('an unsigned module from a folder users can write to', () => {
    expect([...moduleSignals(doc([module({})]))]).toEqual([
      {
        code: 'module-unsigned-user-writable',
        proves: 'this-session',
        where: '~/Downloads/overlay.dll (unsigned; loaded in FiveM_GTAProcess.exe (pid 4242))',
        ref: { source: 'modules', index: 0, value: '~/Downloads/overlay.dll' },
      },
    ]);
  });

  it('a self-signed module from a folder users can write to, naming the signer', () => {
    const [signal] = moduleSignals(doc([module({ verdict: 'self-signed', signature: selfSigned })]));
    expect(signal).toMatchObject({
      code: 'module-self-signed-user-writable',
      where:
        '~/Downloads/overlay.dll (self-signed by Overlay Dev; loaded in FiveM_GTAProcess.exe (pid 4242))',
    });
  });

  it('a signature that no longer matches its file, wherever the file is', () => {
    const invalid = module({
      path: 'C:/Program Files/Vendor/vendor.dll',
      folder: 'program-files',
      userWritable: false,
      verdict: 'invalid',
      signature: {
        ...selfSigned,
        status: 'signed-invalid',
        selfSigned: false,
        reason: 'image-digest-mismatch',
      },
    });
    expect([...moduleSignals(doc([invalid]))].map((s) => s.code)).toEqual(['module-signature-invalid']);
  });

  it('nothing for signed modules, admin-only folders, folders whose permissions are unknown, or a skipped section', () => {
    const quiet = [
      module({ verdict: 'signed-valid', signature: { ...selfSigned, selfSigned: false } }),
      module({ path: 'C:/Program Files/NVIDIA/nvapi64.dll', folder: 'program-files', userWritable: false }),
      module({ path: 'D:/Games/GTAV/dinput8.dll', folder: 'elsewhere', userWritable: null }),
      module({
        path: 'D:/Games/GTAV/self.dll',
        folder: 'elsewhere',
        userWritable: null,
        verdict: 'self-signed',
      }),
      module({ verdict: 'not-read', sha256: null, fileSize: null }),
      module({ verdict: 'unverifiable' }),
    ];
    expect([...moduleSignals(doc(quiet))]).toEqual([]);
    expect([...moduleSignals(doc([module({})], 'skipped'))]).toEqual([]);
    const { modules: _, ...withoutModules } = doc([]).sources;
    expect([...moduleSignals({ ...doc([]), sources: withoutModules })]).toEqual([]);
  });

  it('are part of the Windows signals', () => {
    expect(windowsSignals(doc([module({})])).map((s) => s.code)).toContain('module-unsigned-user-writable');
  });
});

describe('rules on the modules of the game process', () => {
  const rule = (id: number, kind: Rule['kind'], pattern: string, match: Rule['match'] = 'exact'): Rule =>
    storedRule({ id, name: `rule ${id}`, kind, pattern, match, severity: 'detection' });

  it('file-name, file-path and file-sha256 rules match a module, proving this game session', () => {
    const rules = [
      rule(1, 'file-name', 'overlay.dll'),
      rule(2, 'file-path', '~/Downloads/', 'prefix'),
      rule(3, 'file-sha256', SHA_B),
      rule(4, 'signal', 'module-unsigned-user-writable'),
    ];
    const findings = findingsOf(rules, doc([module({})]));
    const modules = findings.filter((f) => f.evidence.source === 'modules');
    expect(modules.map((f) => [f.ruleId, f.proves, f.evidence.value])).toEqual([
      [1, 'this-session', 'overlay.dll'],
      [2, 'this-session', '~/Downloads/overlay.dll'],
      [3, 'this-session', SHA_B],
      [4, 'this-session', 'module-unsigned-user-writable'],
    ]);
    expect(modules[0]?.text).toBe(
      'rule 1 in ~/Downloads/overlay.dll (loaded in FiveM_GTAProcess.exe (pid 4242))',
    );
  });
});
