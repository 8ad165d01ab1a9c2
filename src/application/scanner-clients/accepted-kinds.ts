import { publicBaseUrl } from '../../config.js';
import type { ClientKind } from '../../domain/assurance.js';
import { parseScannerAccept } from '../../domain/scanner-clients.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

let parsed: { value: string; kinds: readonly ClientKind[] } | null = null;

/** SCANNER_ACCEPT's kinds; the setting was checked at start (config.ts), so it parses. */
export function acceptedKinds(ctx: UseCaseContext): readonly ClientKind[] {
  const value = ctx.config.scannerAccept;
  if (parsed?.value !== value) {
    const accept = parseScannerAccept(value);
    parsed = { value, kinds: accept.ok ? accept.kinds : [] };
  }
  return parsed.kinds;
}

/** Where a player gets the current official scanner: the server's player page. */
export function scannerDownloadUrl(ctx: UseCaseContext): string {
  return `${publicBaseUrl(ctx.config)}/scan`;
}

/** scanner_client_not_accepted unless the operator accepts this kind (docs/operations.md, "Scanner clients"). */
export function refuseUnlessAccepted(ctx: UseCaseContext, kind: ClientKind): void {
  const accepted = acceptedKinds(ctx);
  if (!accepted.includes(kind)) {
    refuse({ code: 'scanner_client_not_accepted', kind, accepted, downloadUrl: scannerDownloadUrl(ctx) });
  }
}
