import { useEffect, useState } from 'react';
import { Button } from '../../components';
import { useListPages } from './evidence-pages';
import { count } from './evidence-words';

/** Lists are drawn this many at a time: a memory scan can hold 50 000 class names. */
export const PAGE = 500;

/**
 * A long list of strings, drawn PAGE at a time with "Show more"; `marked` values are highlighted.
 * With a `path`, what the server left out of the evidence answer is read as the list is opened further.
 */
export function CappedList({
  items: first,
  path,
  label,
  marked,
}: {
  items: readonly string[];
  path?: string;
  label: string;
  marked?: ReadonlySet<string>;
}) {
  const [shown, setShown] = useState(PAGE);
  const { items, total, loadMore, loading, failed } = useListPages(path, first);
  // Opened with fewer than a page although the list has more: read the first page from the server.
  const short = items.length < Math.min(PAGE, total);
  useEffect(() => {
    if (short) void loadMore();
  }, [short, loadMore]);
  if (items.length === 0) return <p className="muted">None.</p>;
  const more = Math.min(PAGE, total - shown);
  const showMore = async () => {
    if (shown + PAGE > items.length && items.length < total) await loadMore();
    setShown(shown + PAGE);
  };
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
            Showing {count(Math.min(shown, items.length))} of {count(total)}.
          </span>
          <Button className="btn-small" disabled={loading} onClick={() => void showMore()}>
            {loading ? 'Loading…' : `Show ${count(more)} more`}
          </Button>
          {failed ? <span className="small">Could not load more; try again.</span> : null}
        </p>
      ) : null}
    </>
  );
}

/** A CappedList behind a disclosure triangle, drawn only once opened. */
export function CollapsibleList({
  title,
  items,
  path,
  total,
  marked,
}: {
  title: string;
  items: readonly string[];
  /** Where the list is in the evidence document, so what the server cut can be read (evidence-pages.tsx). */
  path?: string;
  /** How many there were, when the scanner sent only the first ones. */
  total?: number;
  marked?: ReadonlySet<string>;
}) {
  const [open, setOpen] = useState(false);
  const { total: kept } = useListPages(path, items);
  const found = total ?? kept;
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {title} ({found === kept ? count(kept) : `${count(kept)} of ${count(found)}`})
      </summary>
      {open ? (
        <CappedList
          items={items}
          label={title}
          {...(path === undefined ? {} : { path })}
          {...(marked ? { marked } : {})}
        />
      ) : null}
    </details>
  );
}
