import type { Selectable } from 'kysely';
import type { RegisteredKind, ScannerClient } from '../../domain/scanner-clients.js';
import type { Db } from '../database.js';
import type { ScannerClientsTable } from '../schema.js';

type ClientRow = Selectable<ScannerClientsTable>;

const numberOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toClient(row: ClientRow): ScannerClient {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    name: row.name,
    kind: row.kind,
    version: row.version,
    platform: row.platform,
    createdAt: Number(row.created_at),
    expiresAt: numberOrNull(row.expires_at),
    revokedAt: numberOrNull(row.revoked_at),
    lastUsedAt: numberOrNull(row.last_used_at),
  };
}

export interface NewScannerClient {
  clientId: string;
  name: string;
  kind: RegisteredKind;
  version: string | null;
  platform: string | null;
  /** The key sealed by the application (never plain here). */
  keySealed: string;
  createdAt: number;
  expiresAt: number | null;
}

/** A registered client with its sealed key: only the signature check reads this. */
export interface ClientWithKey {
  client: ScannerClient;
  keySealed: string;
}

/** What a session's pin row says of the client its scan started with, and that client if registered. */
export interface SessionClientRow {
  clientKind: string | null;
  registered: ClientWithKey | null;
}

/** Registered scanner clients and the replay memory of their signed calls (docs/operations.md, "Scanner clients"). */
export function scannerClientsRepository(db: Db) {
  return {
    async insert(client: NewScannerClient): Promise<ScannerClient> {
      const row = await db
        .insertInto('scanner_clients')
        .values(rowOf(client))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toClient(row);
    },

    /** Registers a client whose id is not known yet (a build manifest's); false when it is. */
    async insertIfAbsent(client: NewScannerClient): Promise<boolean> {
      const res = await db
        .insertInto('scanner_clients')
        .values(rowOf(client))
        .onConflict((oc) => oc.column('client_id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async list(): Promise<ScannerClient[]> {
      const rows = await db.selectFrom('scanner_clients').selectAll().orderBy('id').execute();
      return rows.map(toClient);
    },

    async find(id: number): Promise<ScannerClient | undefined> {
      const row = await db.selectFrom('scanner_clients').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toClient(row);
    },

    async findByClientId(clientId: string): Promise<ClientWithKey | undefined> {
      const row = await db
        .selectFrom('scanner_clients')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row === undefined ? undefined : { client: toClient(row), keySealed: row.key_sealed };
    },

    /** The client a session's scan started with, in one read with the registered client's row. */
    async sessionClient(pinId: number): Promise<SessionClientRow | undefined> {
      const row = await db
        .selectFrom('pins')
        .leftJoin('scanner_clients as c', 'c.id', 'pins.scanner_client_id')
        .select([
          'pins.client_kind',
          'c.id',
          'c.client_id',
          'c.name',
          'c.kind',
          'c.version',
          'c.platform',
          'c.key_sealed',
          'c.created_at',
          'c.expires_at',
          'c.revoked_at',
          'c.last_used_at',
        ])
        .where('pins.id', '=', pinId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const registered =
        row.id === null || row.client_id === null || row.key_sealed === null
          ? null
          : {
              client: toClient({
                id: row.id,
                client_id: row.client_id,
                name: row.name ?? '',
                kind: row.kind ?? 'official',
                version: row.version,
                platform: row.platform,
                key_sealed: row.key_sealed,
                created_at: row.created_at ?? 0,
                expires_at: row.expires_at,
                revoked_at: row.revoked_at,
                last_used_at: row.last_used_at,
              }),
              keySealed: row.key_sealed,
            };
      return { clientKind: row.client_kind, registered };
    },

    /** The registered client's name and the kind a scan started with, for its result (scan-client.ts). */
    async scanClientRow(
      pinId: number,
    ): Promise<{ clientKind: string | null; clientVersion: string | null; name: string | null } | undefined> {
      const row = await db
        .selectFrom('pins')
        .leftJoin('scanner_clients as c', 'c.id', 'pins.scanner_client_id')
        .select(['pins.client_kind', 'pins.client_version', 'c.name'])
        .where('pins.id', '=', pinId)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { clientKind: row.client_kind, clientVersion: row.client_version, name: row.name };
    },

    async setExpiry(id: number, expiresAt: number | null): Promise<ScannerClient | undefined> {
      const row = await db
        .updateTable('scanner_clients')
        .set({ expires_at: expiresAt })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toClient(row);
    },

    /** Revokes at `now`; a client revoked before keeps its first date. */
    async revoke(id: number, now: number): Promise<ScannerClient | undefined> {
      await db
        .updateTable('scanner_clients')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      return this.find(id);
    },

    /** When a client last made a call; written at most about once a minute per client. */
    async touch(id: number, now: number): Promise<void> {
      await db.updateTable('scanner_clients').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    /**
     * Remembers an accepted signature until `expiresAt`; false when it was accepted before, on any
     * instance sharing the store. The primary key decides, even under a race.
     */
    async rememberSignature(digest: string, expiresAt: number): Promise<boolean> {
      const res = await db
        .insertInto('scanner_request_signatures')
        .values({ digest, expires_at: expiresAt })
        .onConflict((oc) => oc.column('digest').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Forgets signatures whose timestamps have left the window: they are refused as stale anyway. */
    async forgetSignatures(now: number): Promise<number> {
      const res = await db
        .deleteFrom('scanner_request_signatures')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

function rowOf(client: NewScannerClient) {
  return {
    client_id: client.clientId,
    name: client.name,
    kind: client.kind,
    version: client.version,
    platform: client.platform,
    key_sealed: client.keySealed,
    created_at: client.createdAt,
    expires_at: client.expiresAt,
    revoked_at: null,
    last_used_at: null,
  };
}

export type ScannerClientsRepository = ReturnType<typeof scannerClientsRepository>;
