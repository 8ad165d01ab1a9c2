import { useState } from 'react';
import { Button } from '../../components';
import { count } from './evidence-words';

/** Lists are drawn this many at a time: a memory scan can hold 50 000 class names. */
export const PAGE = 500;

/** A long list of strings, drawn PAGE at a time with "Show more"; `marked` values are highlighted. */
export function CappedList({
  items,
  label,
  marked,
}: {
  items: readonly string[];
  label: string;
  marked?: ReadonlySet<string>;
}) {
  const [shown, setShown] = useState(PAGE);
  if (items.length === 0) return <p className="muted">None.</p>;
  const more = Math.min(PAGE, items.length - shown);
  return (
    <>
      <ul className="evidence plain-list" aria-label={label}>
        {items.slice(0, shown).map((item, i) => (
          // Values may repeat across the two encodings; the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
          <li key={i}>{marked?.has(item) ? <mark>{item}</mark> : item}</li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="row">
          <span className="muted small">
            Showing {count(shown)} of {count(items.length)}.
          </span>
          <Button className="btn-small" onClick={() => setShown(shown + PAGE)}>
            Show {count(more)} more
          </Button>
        </p>
      ) : null}
    </>
  );
}

/** A CappedList behind a disclosure triangle, drawn only once opened. */
export function CollapsibleList({
  title,
  items,
  total = items.length,
  marked,
}: {
  title: string;
  items: readonly string[];
  /** How many there were, when the scanner sent only the first ones. */
  total?: number;
  marked?: ReadonlySet<string>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {title} ({total === items.length ? count(items.length) : `${count(items.length)} of ${count(total)}`})
      </summary>
      {open ? <CappedList items={items} label={title} {...(marked ? { marked } : {})} /> : null}
    </details>
  );
}
