import type { ReactNode } from 'react';
import type { PinStatus, Verdict } from '../api/types';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A small label. The words carry the meaning; the colour only repeats it. */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const STATUS_TONE: Record<PinStatus, Tone> = {
  pending: 'neutral',
  scanning: 'info',
  finished: 'success',
  expired: 'neutral',
  error: 'danger',
};

const STATUS_LABEL: Record<PinStatus, string> = {
  pending: 'Pending',
  scanning: 'Scanning',
  finished: 'Finished',
  expired: 'Expired',
  error: 'Failed',
};

export function StatusBadge({ status }: { status: PinStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

const VERDICT_TONE: Record<Verdict, Tone> = { legit: 'success', suspicious: 'warning', cheating: 'danger' };
const VERDICT_LABEL: Record<Verdict, string> = {
  legit: 'Legit',
  suspicious: 'Suspicious',
  cheating: 'Cheating',
};

/** The scan's verdict, or a dash when there is none yet. */
export function VerdictBadge({ verdict }: { verdict: Verdict | null }) {
  if (verdict === null) return <span className="muted">—</span>;
  return <Badge tone={VERDICT_TONE[verdict]}>{VERDICT_LABEL[verdict]}</Badge>;
}
