import type { ScanClient } from '../../domain/assurance.js';
import type { Pin } from '../../domain/pin.js';
import { startedKindOf } from '../../domain/scanner-clients.js';
import type { UseCaseContext } from '../context.js';

/**
 * The client a scan was made with, as its start fixed it (docs/scan-client.md, "Trust"): the kind,
 * the registered client's name, and the version the client gave. Scans started before kinds were
 * kept are `unverified`.
 */
export async function scanClientOf(ctx: UseCaseContext, pin: Pick<Pin, 'id'>): Promise<ScanClient> {
  const row = await ctx.repos.scannerClients.scanClientRow(pin.id);
  return {
    kind: startedKindOf(row?.clientKind ?? null),
    name: row?.name ?? null,
    version: row?.clientVersion ?? null,
  };
}
