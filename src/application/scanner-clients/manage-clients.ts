import { clientsToRetire, type RegisteredKind, type ScannerClient } from '../../domain/scanner-clients.js';
import { DAY_MS } from '../../domain/time.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { newClientCredentials } from './client-keys.js';

/*
 * The operator's registry of scanner clients (docs/operations.md, "Scanner clients"): official builds
 * and third-party integrations, each with its own key. Keys are shown once, at registration, and kept
 * sealed; listing never returns them. Every change is audited (docs/audit.md).
 */

export interface NewClientInput {
  name: string;
  kind: RegisteredKind;
  version: string | null;
  platform: string | null;
  expiresAt: number | null;
}

export interface RegisteredClient {
  client: ScannerClient;
  /** The client's key, base64url: in this answer only. */
  key: string;
}

/** Every registered client, newest last; never a key. */
export function listScannerClients(ctx: UseCaseContext): Promise<ScannerClient[]> {
  return ctx.repos.scannerClients.list();
}

/** Registers a client with a new id and key; the key is returned this once. Audited. */
export async function registerScannerClient(
  ctx: UseCaseContext,
  input: NewClientInput,
): Promise<RegisteredClient> {
  const { clientId, key } = newClientCredentials();
  return ctx.transaction(async (repos) => {
    const now = ctx.clock();
    const client = await repos.scannerClients.insert({
      ...input,
      clientId,
      keySealed: ctx.scannerClientKeys.seal(key),
      createdAt: now,
    });
    await recordAudit(repos, {
      actor: OPERATOR,
      action: 'scanner_client.register',
      resource: { type: 'scanner_client', id: client.id },
      at: now,
      detail: { kind: client.kind, name: client.name, source: 'operator' },
    });
    return { client, key };
  });
}

/** Sets (or, with null, clears) when a client stops being accepted. Audited. */
export async function expireScannerClient(
  ctx: UseCaseContext,
  id: number,
  expiresAt: number | null,
): Promise<ScannerClient> {
  const attempt = {
    actor: OPERATOR,
    action: 'scanner_client.expire',
    resource: { type: 'scanner_client', id },
  } as const;
  return auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const client = await repos.scannerClients.setExpiry(id, expiresAt);
      if (client === undefined) refuse({ code: 'scanner_client_not_found', scannerClient: id });
      await recordAudit(repos, { ...attempt, at: now, detail: { expiresAt } });
      return client;
    }),
  );
}

/** Revokes a client at once: its next call is refused, a scan under way included. Audited. */
export async function revokeScannerClient(ctx: UseCaseContext, id: number): Promise<ScannerClient> {
  const attempt = {
    actor: OPERATOR,
    action: 'scanner_client.revoke',
    resource: { type: 'scanner_client', id },
  } as const;
  return auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const client = await repos.scannerClients.revoke(id, now);
      if (client === undefined) refuse({ code: 'scanner_client_not_found', scannerClient: id });
      await recordAudit(repos, { ...attempt, at: now });
      return client;
    }),
  );
}

export interface RetiredClients {
  /** When the retired builds stop being accepted. */
  expiresAt: number;
  retired: ScannerClient[];
}

/**
 * A new release retires the builds before it: every official client registered before `currentId`
 * expires after `graceDays`, so players who downloaded the old build recently can still finish
 * (docs/operations.md, "Scanner clients"). Each client's new expiry is audited.
 */
export async function retirePreviousClients(
  ctx: UseCaseContext,
  /** The new build: its row id, or its public client id (`spc_…`). */
  current: number | string,
  graceDays: number,
): Promise<RetiredClients> {
  return ctx.transaction(async (repos) => {
    const now = ctx.clock();
    const found =
      typeof current === 'number'
        ? await repos.scannerClients.find(current)
        : (await repos.scannerClients.findByClientId(current))?.client;
    if (found === undefined) {
      refuse({ code: 'scanner_client_not_found', scannerClient: current });
    }
    const currentId = found.id;
    const expiresAt = now + graceDays * DAY_MS;
    const retired: ScannerClient[] = [];
    for (const client of clientsToRetire(await repos.scannerClients.list(), found, expiresAt)) {
      const updated = await repos.scannerClients.setExpiry(client.id, expiresAt);
      if (updated === undefined) continue;
      retired.push(updated);
      await recordAudit(repos, {
        actor: OPERATOR,
        action: 'scanner_client.expire',
        resource: { type: 'scanner_client', id: client.id },
        at: now,
        detail: { expiresAt, retiredFor: currentId },
      });
    }
    return { expiresAt, retired };
  });
}
