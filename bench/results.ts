/** What one run measured, per store and per number of stored scans. */
import type { Figure } from './load.js';
import type { StoreName } from './options.js';
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
  wholeScans?: WholeScans;
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
