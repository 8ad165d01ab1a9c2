const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 3 hours", "5 minutes ago", "now". */
export function fromNow(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return relative.format(0, 'minute');
}

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A point in time in the reader's own time zone, with its exact ISO value for machines. */
export function Time({
  value,
  relativeToo = false,
}: {
  value: string | null | undefined;
  relativeToo?: boolean;
}) {
  if (!value) return <span className="muted">—</span>;
  return (
    <time dateTime={value} title={value}>
      {formatDateTime(value)}
      {relativeToo ? <span className="muted"> ({fromNow(value)})</span> : null}
    </time>
  );
}
