import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import type { Rule } from '../../src/domain/rules.js';
import { serviceAndShimCacheReasons } from '../../src/domain/service-assurance.js';
import { serviceSignals, windowsBuild } from '../../src/domain/signals/service-signals.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { windowsSections } from '../support/evidence.js';
import { findingsOf, storedRule } from './support/rules.js';

/**
 * The Windows services' signals (docs/scan-client.md, "Windows services"), each on and off, the
 * ShimCache's entries matched by file-name and file-path rules, and both sections in the assurance.
 */

const CLOCK = new Date('2026-11-28T12:00:00.000Z');

type Services = NonNullable<EvidenceDocument['sources']['services']>;
type Service = Services['items'][number];
type ShimCache = NonNullable<EvidenceDocument['sources']['shimcache']>;

function service(overrides: Partial<Service> = {}): Service {
  return {
    name: 'SysMain',
    present: true,
    start: 2,
    startType: 'automatic',
    state: 'running',
    type: 0x20,
    imagePath: '%systemroot%\\system32\\svchost.exe -k LocalSystemNetworkRestricted -p',
    displayName: 'SysMain',
    keyLastWritten: null,
    problem: null,
    ...overrides,
  };
}

function shimcache(items: ShimCache['items'] = []): ShimCache {
  return {
    status: 'collected',
    reason: null,
    from: 'hive-file',
    controlSet: 'ControlSet001',
    format: 'windows-10',
    entriesTotal: items.length,
    stopped: null,
    items,
  };
}

function doc(items: Service[], shim: ShimCache = shimcache()): EvidenceDocument {
  return windowsSections(
    {
      services: { status: 'collected', reason: null, from: 'service-manager', controlSet: null, items },
      shimcache: shim,
    },
    CLOCK,
  );
}

const codes = (d: EvidenceDocument) => [...serviceSignals(d)].map((s) => [s.code, s.where]);

const rule = (kind: Rule['kind'], pattern: string, match: Rule['match'] = 'exact') =>
  storedRule({ kind, pattern, match });

describe('forensic service signals', () => {
  it('nothing when every service is as Windows ships it; a manual service stopped is normal', () => {
    const d = doc([
      service(),
      service({ name: 'PcaSvc', start: 3, startType: 'manual', state: 'stopped' }),
      service({ name: 'bam', start: 1, startType: 'system', type: 1 }),
    ]);
    expect(codes(d)).toEqual([]);
  });

  it('a disabled service, with when its settings changed', () => {
    const d = doc([
      service({
        start: 4,
        startType: 'disabled',
        state: 'stopped',
        keyLastWritten: '2026-11-28T09:12:00.000Z',
      }),
    ]);
    expect(codes(d)).toEqual([
      [
        'forensic-service-disabled',
        'service SysMain (start type disabled, its settings last changed 2026-11-28 09:12:00 UTC)',
      ],
    ]);
  });

  it('a deleted service is missing; one a damaged hive hid (present null) is not', () => {
    const d = doc([
      service({ name: 'PcaSvc', present: false, start: null, startType: null, state: null }),
      service({ name: 'DPS', present: null, start: null, startType: null, state: null, problem: 'damaged' }),
    ]);
    expect(codes(d)).toEqual([['forensic-service-missing', 'service PcaSvc (not on this machine: deleted)']]);
  });

  it('bam missing before Windows 10 1709, dam before Windows 8, say nothing: no such driver then', () => {
    const gone = (name: string) =>
      service({ name, present: false, start: null, startType: null, state: null });
    const missing = [gone('bam'), gone('dam'), gone('SysMain')];
    const on = (os: string) => {
      const d = doc(missing);
      d.sources.system.os = os;
      return codes(d).map(([, where]) => where);
    };
    expect(on('Windows 10 Pro 10.0.15063')).toEqual([
      'service dam (not on this machine: deleted)',
      'service SysMain (not on this machine: deleted)',
    ]);
    expect(on('Windows 8 Pro 6.2.9200')).toEqual([
      'service dam (not on this machine: deleted)',
      'service SysMain (not on this machine: deleted)',
    ]);
    expect(on('Windows 7 Professional 6.1.7601')).toEqual(['service SysMain (not on this machine: deleted)']);
    expect(on('Windows 11 Pro 10.0.22631').length).toBe(3);
    expect(windowsBuild('Windows 7 Professional 6.1.7601')).toBe(7601);
    expect(windowsBuild(null)).toBeNull();
  });

  it('dam stopped says nothing: it loads only on Modern Standby machines, so desktops never run it', () => {
    // As a desktop's service manager reports it: system start, stopped ("did not load: dam").
    const desktop = doc([service({ name: 'dam', start: 1, startType: 'system', type: 1, state: 'stopped' })]);
    expect(codes(desktop)).toEqual([]);
    const disabled = doc([
      service({ name: 'dam', start: 4, startType: 'disabled', type: 1, state: 'stopped' }),
    ]);
    expect(codes(disabled)).toEqual([['forensic-service-disabled', 'service dam (start type disabled)']]);
  });

  it('a service that starts by itself, stopped now; from a hive file (no state) nothing', () => {
    const d = doc([
      service({ name: 'EventLog', state: 'stopped' }),
      service({ name: 'bam', start: 1, startType: 'system', state: 'stopped' }),
      service({ name: 'DPS', state: null }),
    ]);
    expect(codes(d)).toEqual([
      ['forensic-service-stopped', 'service EventLog (stopped, although it starts automatically)'],
      ['forensic-service-stopped', 'service bam (stopped, although it starts at system start)'],
    ]);
  });

  it('nothing from a skipped or absent section', () => {
    const d = doc([service({ start: 4, startType: 'disabled' })]);
    (d.sources.services as Services).status = 'skipped';
    expect(codes(d)).toEqual([]);
    const older = doc([]);
    delete older.sources.services;
    expect(codes(older)).toEqual([]);
  });

  it('becomes a finding through its signal rule, pointing at the service', () => {
    const d = doc([service({ name: 'PcaSvc', start: 4, startType: 'disabled' })]);
    expect(windowsSignals(d).map((s) => s.code)).toContain('forensic-service-disabled');
    const findings = findingsOf([rule('signal', 'forensic-service-disabled')], d);
    expect(findings.map((f) => [f.severity, f.evidence.source, f.evidence.index, f.proves])).toEqual([
      ['integrity', 'services', 0, 'this-session'],
    ]);
  });
});

describe('ShimCache entries and the rules', () => {
  const d = doc(
    [],
    shimcache([
      {
        position: 0,
        path: '~/Downloads/vape-v4.exe',
        kind: 'file',
        lastModified: '2026-11-20T10:00:00.000Z',
        executed: null,
      },
      {
        position: 1,
        path: 'Microsoft.MinecraftUWP_8wekyb3d8bbwe',
        kind: 'packaged-app',
        lastModified: null,
        executed: null,
      },
      { position: 2, path: 'C:\\Tools\\old.exe', kind: 'file', lastModified: null, executed: true },
    ]),
  );

  it('a file-name rule matches an entry; what it proves is that the file was on the machine', () => {
    const findings = findingsOf([rule('file-name', 'vape', 'contains')], d, 'Java');
    expect(findings.map((f) => [f.evidence.source, f.evidence.index, f.proves, f.text])).toEqual([
      [
        'shimcache',
        0,
        'possession',
        'rule vape in ~/Downloads/vape-v4.exe (ShimCache: was on this machine, file modified 2026-11-20 10:00:00 UTC)',
      ],
    ]);
  });

  it('a file-path rule too; Windows 8’s executed flag proves execution; packaged apps are not files', () => {
    const paths = findingsOf([rule('file-path', 'C:\\Tools\\', 'prefix')], d, 'Java');
    expect(paths.map((f) => [f.evidence.index, f.proves])).toEqual([[2, 'execution']]);
    const apps = findingsOf([rule('file-name', 'Microsoft.MinecraftUWP', 'contains')], d, 'Java');
    expect(apps).toEqual([]);
  });
});

describe('the services and the ShimCache in the assurance', () => {
  it('a Windows client that could not read them says so; one that did not send them is not held to it', () => {
    const d = doc([]);
    expect(serviceAndShimCacheReasons(d)).toEqual([]);
    (d.sources.services as Services).status = 'skipped';
    (d.sources.services as Services).reason = 'The service manager could not be opened (error 5).';
    (d.sources.shimcache as ShimCache).status = 'skipped';
    (d.sources.shimcache as ShimCache).reason = 'The registry holds no AppCompatCache value.';
    expect(serviceAndShimCacheReasons(d).map((r) => r.code)).toEqual([
      'services_not_read',
      'shimcache_not_read',
    ]);
    const older = doc([]);
    delete older.sources.services;
    delete older.sources.shimcache;
    expect(serviceAndShimCacheReasons(older)).toEqual([]);
    const version2 = doc([]);
    version2.schema = 2;
    (version2.sources.services as Services).status = 'skipped';
    expect(serviceAndShimCacheReasons(version2)).toEqual([]);
    const linux = doc([]);
    (linux.sources.services as Services).status = 'skipped';
    linux.client.platform = 'linux';
    expect(serviceAndShimCacheReasons(linux)).toEqual([]);
  });
});
