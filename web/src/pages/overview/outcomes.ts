import type { DayCounts } from './api';

export type Outcome = Exclude<keyof DayCounts, 'date'>;

/** How a PIN ended, bottom of the stack first, with the words the legend and table use. */
export const OUTCOMES: ReadonlyArray<{ key: Outcome; label: string }> = [
  { key: 'legit', label: 'Legit' },
  { key: 'suspicious', label: 'Suspicious' },
  { key: 'cheating', label: 'Cheating' },
  { key: 'expired', label: 'Expired' },
  { key: 'error', label: 'Failed' },
];

export function dayTotal(day: DayCounts): number {
  return OUTCOMES.reduce((sum, o) => sum + day[o.key], 0);
}

const short = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });

/** "5 Feb": a UTC day as the axis shows it. */
export function shortDay(date: string): string {
  return short.format(new Date(`${date}T00:00:00Z`));
}

/** "Thursday, 5 February 2026": a UTC day as the table and tooltip say it. */
export function longDay(date: string): string {
  return long.format(new Date(`${date}T00:00:00Z`));
}
