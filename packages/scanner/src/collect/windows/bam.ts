import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { type BamReport, readBam } from '../../windows/bam.js';
import { type Collector, SkipSource } from '../context.js';
import { showWindowsPath, windowsLayout } from './layout.js';
import { readSystemHive, systemHivePath } from './system-hive.js';

/**
 * Where BAM is read from on a live Windows machine: the registry API (koffi, `RegOpenKeyExW`,
 * `RegEnumKeyExW`, `RegEnumValueW`), since Windows keeps the SYSTEM hive file locked. A seam so a
 * test can stand in for the registry; null where this is not Windows.
 */
export const liveRegistry: { readBam: (() => Promise<BamReport>) | null } = {
  readBam:
    process.platform === 'win32'
      ? async () => (await import('../../windows/live/registry-bam.js')).readLiveBam()
      : null,
};

/**
 * BAM and DAM (docs/scan-client.md, "Windows execution records"): the last run of each program per
 * user, from the SYSTEM hive file, or from the live registry once that seam is filled. Device paths
 * under the home folder are shown with it as `~`.
 */
export const collectBam: Collector<'bam'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  let report: BamReport;
  let from: 'hive-file' | 'registry';
  const live = ctx.machine.windows === undefined ? liveRegistry.readBam : null;
  if (live !== null) {
    report = await live();
    from = 'registry';
  } else {
    const hive = await readSystemHive(layout);
    if (!('hive' in hive)) {
      throw new SkipSource(
        hive.error === 'locked'
          ? `${hive.detail} The registry API is not available to read it instead.`
          : `${hive.detail} (${ctx.display(systemHivePath(layout))})`,
      );
    }
    report = readBam(hive.hive);
    from = 'hive-file';
  }
  return {
    from,
    controlSet: report.controlSet,
    items: report.entries.slice(0, EVIDENCE_CAPS.bamEntries).map((e) => ({
      service: e.service,
      sid: e.sid.slice(0, EVIDENCE_CAPS.name),
      program: showWindowsPath(layout, ctx, e.program).slice(0, EVIDENCE_CAPS.path),
      lastRun: e.lastRun,
    })),
  };
};
