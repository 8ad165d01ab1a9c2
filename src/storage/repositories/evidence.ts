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
  };
}

export type EvidenceRepository = ReturnType<typeof evidenceRepository>;
