import type { AssuranceReason } from './assurance.js';
import type { EvidenceDocument } from './evidence.js';

/**
 * The Windows services and the ShimCache in a scan's assurance (docs/scan-client.md, "Windows
 * services", "ShimCache", "Trust"). A Windows client that sent the section but could not read it
 * says so with its own reason: a disabled Prefetch or PCA, or a program Windows met, went unchecked.
 * A client that sent no such section, or an older document, is not held to it; a failed section already
 * counts as a source that failed.
 */
export function serviceAndShimCacheReasons(doc: EvidenceDocument): AssuranceReason[] {
  // Schema 3 brought both sections: a document of an older version comes from a client that does not
  // know them, whatever it put there.
  if (doc.client.platform !== 'win32' || doc.schema < 3) return [];
  const out: AssuranceReason[] = [];
  const { services, shimcache } = doc.sources;
  if (services?.status === 'skipped')
    out.push({
      code: 'services_not_read',
      level: 'medium',
      text: `The Windows services were not checked${services.reason ? ` (${services.reason})` : ''}: a service disabled to stop Prefetch, PCA or BAM from being written would not be seen.`,
    });
  if (shimcache?.status === 'skipped')
    out.push({
      code: 'shimcache_not_read',
      level: 'medium',
      text: `The ShimCache was not read${shimcache.reason ? ` (${shimcache.reason})` : ''}: programs Windows met and that are gone since were not checked.`,
    });
  return out;
}
