import { type ReactNode, useEffect } from 'react';

/**
 * The page's one <h1>, its actions, and the document title (read first by screen readers when the
 * page changes).
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · scanpin`;
  }, [title]);
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </div>
  );
}
