import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  BUILD_MANIFEST_FILE,
  type BuildManifestEntry,
  parseBuildManifest,
} from '../../domain/build-manifest.js';
import { octal, widerThanPrivate } from '../../lib/private-files.js';
import type { ServiceLog } from '../../logger.js';
import { OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** How a manifest's entries went: newly registered, and already known (left as they are). */
export interface ManifestImport {
  registered: number;
  known: number;
}

/**
 * Registers each build of a manifest whose client id the server does not know yet, as `official`,
 * its key sealed (docs/operations.md, "Scanner clients"). A known id is left alone: a manifest read
 * again at every start must not revive a build the operator expired or revoked. Each new client is
 * audited; nothing of a key is ever logged or audited.
 */
export async function importBuildManifest(
  ctx: UseCaseContext,
  entries: readonly BuildManifestEntry[],
  source: 'start-up' | 'operator',
): Promise<ManifestImport> {
  return ctx.transaction(async (repos) => {
    const now = ctx.clock();
    let registered = 0;
    for (const entry of entries) {
      const added = await repos.scannerClients.insertIfAbsent({
        clientId: entry.clientId,
        name: entry.name,
        kind: 'official',
        version: entry.version,
        platform: entry.platform,
        keySealed: ctx.scannerClientKeys.seal(entry.key),
        createdAt: entry.builtAt,
        expiresAt: null,
      });
      if (!added) continue;
      registered++;
      const client = await repos.scannerClients.findByClientId(entry.clientId);
      await recordAudit(repos, {
        actor: OPERATOR,
        action: 'scanner_client.register',
        resource: { type: 'scanner_client', id: client?.client.id ?? null },
        at: now,
        detail: { kind: 'official', name: entry.name, source: `manifest (${source})` },
      });
    }
    return { registered, known: entries.length - registered };
  });
}

/** A manifest sent to the operator API: invalid_body naming what is wrong, never a key. */
export function importManifestDocument(ctx: UseCaseContext, document: unknown): Promise<ManifestImport> {
  const parsed = parseBuildManifest(document);
  if (!parsed.ok) refuse({ code: 'invalid_body', detail: `Invalid build manifest: ${parsed.problem}.` });
  return importBuildManifest(ctx, parsed.entries, 'operator');
}

/**
 * At start-up: the manifest `npm run build:scanner` left in SCANNER_DOWNLOADS_DIR, if there is one.
 * Only counts are logged. A broken manifest is said and skipped; the server starts regardless, as the
 * downloads it describes are still offered and the operator can import it once it is mended.
 */
export async function importManifestAtStartUp(
  ctx: UseCaseContext,
  log: ServiceLog,
): Promise<ManifestImport | null> {
  const path = join(resolve(ctx.config.scannerDownloadsDir), BUILD_MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    log.warn(
      { path, error: (err as NodeJS.ErrnoException).code },
      'the scanner build manifest cannot be read; its builds are not registered',
    );
    return null;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    log.warn({ path }, 'the scanner build manifest is not JSON; its builds are not registered');
    return null;
  }
  const parsed = parseBuildManifest(document);
  if (!parsed.ok) {
    log.warn(
      { path, problem: parsed.problem },
      'the scanner build manifest is invalid; its builds are not registered',
    );
    return null;
  }
  // It holds keys: said at start when others on the machine may read it (docs/deployment.md, "File modes").
  for (const wide of widerThanPrivate([path])) {
    log.warn(
      { path: wide.path, mode: octal(wide.mode) },
      'the scanner build manifest holds keys and is open to other users of this machine; chmod 600 it',
    );
  }
  const result = await importBuildManifest(ctx, parsed.entries, 'start-up');
  log.info({ path, ...result }, 'scanner build manifest read (docs/operations.md, "Scanner clients")');
  return result;
}
