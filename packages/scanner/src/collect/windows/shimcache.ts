import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { SourceFields } from '../../evidence/document.js';
import { HiveFormatError } from '../../windows/registry/index.js';
import { parseAppCompatCache, type ShimCacheEntry } from '../../windows/shimcache.js';
import { readShimCacheFromHive } from '../../windows/shimcache-hive.js';
import { type CollectContext, type Collector, SkipSource } from '../context.js';
import { showWindowsPath, type WindowsLayout, windowsLayout } from './layout.js';
import { readSystemHive, systemHivePath } from './system-hive.js';

type ShimCacheFields = SourceFields<'shimcache'>;

/**
 * Where the cache is read from on a live Windows machine: the registry API, since Windows keeps the
 * SYSTEM hive file locked. A seam so a test can stand in for it; null where this is not Windows.
 */
export const liveAppCompatCache: { read: (() => Promise<Uint8Array | null>) | null } = {
  read:
    process.platform === 'win32'
      ? async () => (await import('../../windows/live/registry-shimcache.js')).readLiveAppCompatCache()
      : null,
};

/**
 * As Windows wrote it, less the `\??\` and `\\?\` prefixes (`\??\C:\…` is the file `C:\…`) and with
 * the home folder shown as `~`, so that a rule on `C:\…` or on `~/…` matches. Any other path stays the
 * Windows path, not where a planted drive keeps it.
 */
function shownPath(layout: WindowsLayout, ctx: CollectContext, entry: ShimCacheEntry): string {
  if (entry.kind !== 'file') return entry.path;
  const plain = entry.path.replace(/^(\\\?\?\\|\\\\\?\\)(?=[A-Za-z]:\\)/, '');
  const shown = showWindowsPath(layout, ctx, plain);
  return shown.startsWith('~') ? shown : plain;
}

function fieldsOf(
  layout: WindowsLayout,
  ctx: CollectContext,
  from: ShimCacheFields['from'],
  controlSet: string | null,
  parse: Extract<ReturnType<typeof parseAppCompatCache>, { ok: true }>,
): ShimCacheFields {
  return {
    from,
    controlSet,
    format: parse.format,
    entriesTotal: parse.entries.length,
    stopped: parse.stopped === null ? null : parse.stopped.slice(0, EVIDENCE_CAPS.text),
    items: parse.entries.slice(0, EVIDENCE_CAPS.shimcacheEntries).map((e) => ({
      position: e.position,
      path: shownPath(layout, ctx, e).slice(0, EVIDENCE_CAPS.path),
      kind: e.kind,
      lastModified: e.lastModified,
      executed: e.executed,
    })),
  };
}

/**
 * The Application Compatibility Cache (docs/scan-client.md, "ShimCache"): programs Windows met, as
 * it last saved the cache (at shutdown or restart), newest first. From the live registry on a running
 * Windows, else from the SYSTEM hive file's current control set.
 */
export const collectShimCache: Collector<'shimcache'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const live = ctx.machine.windows === undefined ? liveAppCompatCache.read : null;
  if (live !== null) {
    const value = await live().catch((error: unknown) => {
      // Reading the key may need administrator rights; without them the source is not read, and says so.
      if ((error as NodeJS.ErrnoException).code === 'EACCES')
        throw new SkipSource(`${(error as Error).message}: the ShimCache was not read.`);
      throw error;
    });
    if (value === null) throw new SkipSource('The registry holds no AppCompatCache value.');
    const parse = parseAppCompatCache(value);
    if (!parse.ok) throw new SkipSource(`The AppCompatCache value is not readable: ${parse.reason}.`);
    return fieldsOf(layout, ctx, 'registry', 'CurrentControlSet', parse);
  }
  const hive = await readSystemHive(layout).catch((error: unknown) => {
    if (error instanceof HiveFormatError) return { error: 'damaged' as const, detail: error.message };
    throw error;
  });
  if (!('hive' in hive)) {
    if (hive.error === 'damaged') throw new SkipSource(`The SYSTEM hive is damaged (${hive.detail}).`);
    throw new SkipSource(
      hive.error === 'locked'
        ? `${hive.detail} The registry API is not available to read the cache instead.`
        : `${hive.detail} (${ctx.display(systemHivePath(layout))})`,
    );
  }
  const read = readShimCacheFromHive(hive.hive);
  if (!('parse' in read)) throw new SkipSource(`The ShimCache could not be read: ${read.reason}.`);
  const fields = fieldsOf(layout, ctx, 'hive-file', read.controlSet, read.parse);
  return { ...fields, reason: fields.stopped === null ? null : `Read in part: ${fields.stopped}.` };
};
