/** What one run measured, per store and per number of stored scans. */
import type { EvidenceFigures } from './evidence.js';
import type { Figure } from './load.js';
import type { StoreName } from './options.js';
import type { CheckOnStore, SignatureCost } from './signature-cost.js';
import type { AnalyzeEffect } from './statistics.js';
import type { Streams } from './streams.js';
import type { Deliveries } from './webhooks.js';
import type { WholeScans } from './whole-scans.js';

export const ENDPOINTS = [
  'status, pending PIN',
  'status, scanning PIN',
  'status, finished PIN',
  'results, finished PIN',
  'risk score',
  'lookup',
  'create PIN',
] as const;
export type EndpointName = (typeof ENDPOINTS)[number];

export interface SizeResult {
  size: number;
  seedSeconds: number;
  baseline: Figure;
  endpoints: Partial<Record<EndpointName, Figure>>;
  /**
   * PostgreSQL: the reads first measured before any ANALYZE since the data arrived (its statistics
   * are from the empty tables), then `endpoints` after it; `analyzeEffect` is the first answers after it.
   */
  neverAnalysed?: Partial<Record<EndpointName, Figure>>;
  analyzeEffect?: AnalyzeEffect;
  /** One evidence upload of 50 000 strings against 5 000 rules, through HTTP (bench/evidence.ts). */
  evidenceUploads?: NonNullable<EvidenceFigures['http']>;
  wholeScans?: WholeScans;
  /** Whole scans signed by a registered client against unsigned ones, in the same run (bench/signature-cost.ts). */
  signatureCost?: SignatureCost;
  /** The signed-call check alone against this store, in the bench process, before the server started. */
  checkOnStore?: CheckOnStore;
  webhooks?: Deliveries;
  streams?: Streams;
  /** Server memory after the read endpoints ran (MB), and its peak over the whole size (MB). */
  rssMb: number;
  peakRssMb: number;
}

export interface StoreResult {
  store: StoreName;
  label: string;
  sizes: SizeResult[];
}
