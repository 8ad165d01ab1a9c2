import { sql } from 'kysely';
import type { AddressFamily, NetworkSighting, ScanNetworkStage } from '../../domain/scan-network.js';
import type { Db } from '../database.js';

/** A sighting as the use case makes it: the stage and time are the call's. */
export type NewSighting = Omit<NetworkSighting, 'stage'>;

/** Stored as `v4:<hash>` or `v6:<hash>`: the family says which sightings a prefix can be compared with. */
const encode = (s: NewSighting) => `v${s.family}:${s.network}`;

function decode(row: { stage: string; network_hash: string; country: string | null; asn: number | null }) {
  const family: AddressFamily = row.network_hash.startsWith('v6:') ? 6 : 4;
  return {
    stage: row.stage as ScanNetworkStage,
    family,
    network: row.network_hash.slice(3),
    country: row.country,
    asn: row.asn === null ? null : Number(row.asn),
  } satisfies NetworkSighting;
}

/**
 * The networks a scan's calls came from (docs/scanner.md, "Where the scan ran"): keyed hashes and
 * the databases' country and ASN, never an address.
 */
export function scanNetworksRepository(db: Db) {
  return {
    async record(pinId: number, stage: ScanNetworkStage, sighting: NewSighting, at: number): Promise<void> {
      await db
        .insertInto('scan_networks')
        .values({
          pin_id: pinId,
          stage,
          network_hash: encode(sighting),
          country: sighting.country,
          asn: sighting.asn,
          at,
        })
        .execute();
    },

    /**
     * A progress call's network, kept only when it differs from the last one the scanner's start or
     * progress calls left: progress arrives every few seconds, so this is one statement, the
     * comparison inside it, on the scan's own rows (the pin_id index).
     */
    async recordIfChanged(pinId: number, sighting: NewSighting, at: number): Promise<void> {
      const hash = encode(sighting);
      await sql`
        insert into scan_networks (pin_id, stage, network_hash, country, asn, at)
        select cast(${pinId} as integer), 'progress', cast(${hash} as text), cast(${sighting.country} as text),
               cast(${sighting.asn} as bigint), cast(${at} as bigint)
        where coalesce((
          select network_hash from scan_networks
          where pin_id = cast(${pinId} as integer) and stage in ('start', 'progress')
          order by id desc limit 1
        ), '') <> cast(${hash} as text)
      `.execute(db);
    },

    /** Every network the scan was seen on, in the order seen. */
    async ofPin(pinId: number): Promise<NetworkSighting[]> {
      const rows = await db
        .selectFrom('scan_networks')
        .select(['stage', 'network_hash', 'country', 'asn'])
        .where('pin_id', '=', pinId)
        .orderBy('id')
        .execute();
      return rows.map(decode);
    },

    /** Every network the scan was seen on, with its time, for a person's export: the hash itself stays here. */
    async forExport(pinId: number): Promise<Array<Omit<NetworkSighting, 'network'> & { at: number }>> {
      const rows = await db
        .selectFrom('scan_networks')
        .select(['stage', 'network_hash', 'country', 'asn', 'at'])
        .where('pin_id', '=', pinId)
        .orderBy('id')
        .execute();
      return rows.map((r) => {
        const { network: _hash, ...rest } = decode(r);
        return { ...rest, at: Number(r.at) };
      });
    },

    /** Retention: removes the rows seen before `cutoff`; returns how many. */
    async removeBefore(cutoff: number): Promise<number> {
      const res = await db.deleteFrom('scan_networks').where('at', '<', cutoff).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type ScanNetworksRepository = ReturnType<typeof scanNetworksRepository>;
