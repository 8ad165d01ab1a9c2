import type { Tone } from '../../components';
import type { ClientKind, ClientStatus } from './api';

export const KIND_WORDS: Record<ClientKind, string> = {
  official: 'Official build',
  'third-party': 'Third-party integration',
};

export const STATUS_WORDS: Record<ClientStatus, [string, Tone]> = {
  active: ['Active', 'success'],
  expired: ['Expired', 'warning'],
  revoked: ['Revoked', 'danger'],
};

/** The grace periods offered when expiring a client or retiring previous builds, in days. */
export const GRACE_DAYS = [0, 1, 7, 14, 30] as const;

export function graceWords(days: number): string {
  if (days === 0) return 'Now';
  return days === 1 ? 'In 1 day' : `In ${days} days`;
}
