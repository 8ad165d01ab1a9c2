import { useQuery } from '@tanstack/react-query';
import { queryString, request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET /app/api/overview (src/http/routes/dashboard/overview.ts). */

export interface DayCounts {
  /** A UTC day, YYYY-MM-DD. */
  date: string;
  legit: number;
  suspicious: number;
  cheating: number;
  expired: number;
  error: number;
}

export interface KeyUsage {
  id: number;
  prefix: string;
  name: string | null;
  used: number;
  limit: number;
  /** Seconds until the hourly window resets; null when no window is open. */
  resetSeconds: number | null;
}

export interface Overview {
  scansPerDay: DayCounts[];
  activePins: { used: number; limit: number };
  keys: KeyUsage[];
  topDetections: Array<{ name: string; count: number }>;
}

/** Scans end while the page is open: read the numbers again every half minute. */
const REFRESH_MS = 30_000;

export function useOverview(enterpriseId: number | null) {
  return useQuery({
    queryKey: queryKeys.overview(enterpriseId),
    queryFn: ({ signal }) =>
      request<Overview>(`/app/api/overview${queryString({ enterpriseId })}`, { signal }),
    refetchInterval: REFRESH_MS,
  });
}
