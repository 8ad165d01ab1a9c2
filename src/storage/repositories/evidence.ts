import type { Finding, Judgement } from '../../domain/rules.js';
import type { Db } from '../database.js';

/**
 * A scan's kept evidence upload (docs/scan-client.md, "What the server keeps"), without its document:
 * that is read on its own (`documentOf`), only when the intake's workers need it.
 */
export interface StoredEvidence {
  pinId: number;
  receiptId: string;
  judgement: Judgement;
  receivedAt: number;
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
        .select(['pin_id', 'receipt_id', 'findings', 'received_at'])
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        pinId: Number(row.pin_id),
        receiptId: row.receipt_id,
        judgement: judgementOf(row.findings),
        receivedAt: Number(row.received_at),
      };
    },

    /** The document as kept, JSON: it is parsed in the intake's workers, never here. */
    async documentOf(pinId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('scan_evidence')
        .select('document')
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
      return row?.document;
    },
  };
}

export type EvidenceRepository = ReturnType<typeof evidenceRepository>;
