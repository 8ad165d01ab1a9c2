import type { EvidenceDocument } from '../../domain/evidence.js';
import type { Finding, Judgement } from '../../domain/rules.js';
import type { Db } from '../database.js';

/** A scan's kept evidence upload (docs/scan-client.md, "What the server keeps"). */
export interface StoredEvidence {
  pinId: number;
  receiptId: string;
  /** Kept as JSON: the evidence view pages it in the intake's workers, never parsing it here. */
  documentJson: string;
  judgement: Judgement;
  receivedAt: number;
}

/** One page of stored evidence, for a rule's dry run over past scans. */
export interface EvidencePageItem {
  pinId: number;
  pinCode: string;
  gameType: string;
  receivedAt: number;
  document: EvidenceDocument;
}

/** Stored findings: a judgement, or (before findings were bounded) the bare list. */
function judgementOf(json: string): Judgement {
  const stored = JSON.parse(json) as Judgement | Finding[];
  return Array.isArray(stored) ? { findings: stored, omitted: [] } : stored;
}

export function evidenceRepository(db: Db) {
  return {
    async ofPin(pinId: number): Promise<StoredEvidence | undefined> {
      const row = await db
        .selectFrom('scan_evidence')
        .selectAll()
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        pinId: Number(row.pin_id),
        receiptId: row.receipt_id,
        documentJson: row.document,
        judgement: judgementOf(row.findings),
        receivedAt: Number(row.received_at),
      };
    },

    /** Evidence after `afterPinId`, oldest first: rules are tested over it page by page. */
    async page(afterPinId: number, limit: number): Promise<EvidencePageItem[]> {
      const rows = await db
        .selectFrom('scan_evidence')
        .innerJoin('pins', 'pins.id', 'scan_evidence.pin_id')
        .select([
          'scan_evidence.pin_id as pin_id',
          'pins.code as code',
          'pins.type as type',
          'scan_evidence.received_at as received_at',
          'scan_evidence.document as document',
        ])
        .where('scan_evidence.pin_id', '>', afterPinId)
        .orderBy('scan_evidence.pin_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        pinId: Number(row.pin_id),
        pinCode: row.code,
        gameType: row.type,
        receivedAt: Number(row.received_at),
        document: JSON.parse(row.document) as EvidenceDocument,
      }));
    },
  };
}

export type EvidenceRepository = ReturnType<typeof evidenceRepository>;
