/** Aligned two-column rows, for people (the `--json` flag prints the body instead). */
export function keyValues(rows: Array<[string, unknown]>): string {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${cell(v)}`).join('\n');
}

/** A table with a header row; every cell on one line. */
export function table(headers: string[], rows: unknown[][]): string {
  const text = [headers, ...rows.map((r) => r.map(cell))];
  const widths = headers.map((_, i) => Math.max(...text.map((r) => (r[i] as string).length)));
  return text
    .map((r) =>
      r
        .map((c, i) => (c as string).padEnd(widths[i] as number))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(cell).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/\s*[\r\n]+\s*/g, ' ');
}

/** `[#########-----------]  45%  message` */
export function progressBar(percent: number, message: string | null, width = 30): string {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  const filled = Math.round((clamped / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(clamped).padStart(3)}%${message ? `  ${message}` : ''}`;
}
