import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns. The caption
 * names the table for screen readers (`captionHidden` keeps it off screen when a heading says it).
 */
export function Table({
  caption,
  captionHidden = false,
  children,
  busy = false,
  className,
}: {
  caption: string;
  captionHidden?: boolean;
  children: ReactNode;
  busy?: boolean;
  /** Extra class on the <table>, e.g. `pin-table` for its narrow-screen card layout. */
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-wrap" aria-label={caption} tabIndex={0}>
      <table className={className ? `table ${className}` : 'table'} aria-busy={busy || undefined}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        {children}
      </table>
    </section>
  );
}
