import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { SourceFields } from '../../evidence/document.js';
import type { LiveService } from '../../windows/live/services.js';
import { HiveFormatError } from '../../windows/registry/index.js';
import { FORENSIC_SERVICES, readServicesFromHive, type ServiceConfig } from '../../windows/services.js';
import { type Collector, SkipSource } from '../context.js';
import { windowsLayout } from './layout.js';
import { readSystemHive, systemHivePath } from './system-hive.js';

type ServicesFields = SourceFields<'services'>;
type ServiceItem = ServicesFields['items'][number];

/**
 * Where the services are read from on a live Windows machine: the service manager (koffi, advapi32),
 * which gives the live state besides the start type. A seam so a test can stand in for it; null where
 * this is not Windows.
 */
export const liveServiceManager: { read: ((names: readonly string[]) => Promise<LiveService[]>) | null } = {
  read:
    process.platform === 'win32'
      ? async (names) => (await import('../../windows/live/services.js')).readLiveServices(names)
      : null,
};

const cut = (text: string | null, cap: number) => (text === null ? null : text.slice(0, cap));

function fromHive(s: ServiceConfig): ServiceItem {
  return {
    name: s.name,
    present: s.present,
    start: s.start,
    startType: s.startType,
    state: null,
    type: s.type,
    imagePath: cut(s.imagePath, EVIDENCE_CAPS.path),
    displayName: cut(s.displayName, EVIDENCE_CAPS.text),
    keyLastWritten: s.keyLastWritten,
    problem: cut(s.problem, EVIDENCE_CAPS.text),
  };
}

function fromLive(s: LiveService): ServiceItem {
  return {
    name: s.name,
    present: s.present,
    start: s.start,
    startType: s.startType,
    state: s.state,
    type: s.type,
    imagePath: cut(s.imagePath, EVIDENCE_CAPS.path),
    displayName: cut(s.displayName, EVIDENCE_CAPS.text),
    keyLastWritten: null,
    problem: cut(s.problem, EVIDENCE_CAPS.text),
  };
}

/**
 * The Windows services the evidence depends on (docs/scan-client.md, "Windows services"): on a
 * running Windows, from the service manager (start type and live state); elsewhere (a planted tree,
 * `--self-test`) from the SYSTEM hive file's current control set (start type only). A damaged hive
 * gives what it can: the services it hides are unknown, each with why.
 */
export const collectServices: Collector<'services'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const live = ctx.machine.windows === undefined ? liveServiceManager.read : null;
  if (live !== null) {
    const items = (await live(FORENSIC_SERVICES)).map(fromLive);
    return { from: 'service-manager', controlSet: 'CurrentControlSet', items };
  }
  const hive = await readSystemHive(layout).catch((error: unknown) => {
    if (error instanceof HiveFormatError) return { error: 'damaged' as const, detail: error.message };
    throw error;
  });
  if (!('hive' in hive)) {
    const where = ctx.display(systemHivePath(layout));
    if (hive.error === 'damaged') throw new SkipSource(`The SYSTEM hive is damaged (${hive.detail}).`);
    throw new SkipSource(
      hive.error === 'locked'
        ? `${hive.detail} The service manager is not available to read the services instead.`
        : `${hive.detail} (${where})`,
    );
  }
  const read = readServicesFromHive(hive.hive);
  if (!('services' in read)) throw new SkipSource(`The services could not be read: ${read.reason}.`);
  const items = read.services.map(fromHive);
  const unknown = items.filter((s) => s.present === null).length;
  return {
    from: 'hive-file',
    controlSet: read.controlSet,
    items,
    reason:
      unknown === 0
        ? null
        : `${unknown} of the ${items.length} services could not be read: the SYSTEM hive is damaged.`,
  };
};
