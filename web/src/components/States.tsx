import type { ReactNode } from 'react';
import { isApiError } from '../api/client';
import { Button } from './Button';

/** Shown while something loads; announced politely. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}

/** Words for an error: the server's own detail for an ApiError, a plain sentence otherwise. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.detail;
  return 'Something went wrong. Try again.';
}

/** A failed load, with the server's explanation and a retry button. */
export function ErrorState({
  error,
  onRetry,
  title = 'This could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div className="error-state" role="alert">
      <p className="empty-title">{title}</p>
      <p>{errorText(error)}</p>
      {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
    </div>
  );
}

/** A one-line outcome of an action: `success` is announced politely, `error` at once. */
export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
