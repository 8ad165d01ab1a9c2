import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows the button as working and refuses clicks (stays focusable, announced as busy). */
  busy?: boolean;
}

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'secondary', busy = false, className, type, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest.disabled || undefined}
      disabled={rest.disabled}
      onClick={busy ? (e) => e.preventDefault() : rest.onClick}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
    />
  );
}

/** A link that looks like a button (for navigation, e.g. "Sign in with Discord"). */
export function ButtonLink({
  variant = 'secondary',
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...rest} className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')} />;
}

/** A plain <a> styled as a button, for server paths the SPA router must not handle (/auth/discord). */
export function ButtonAnchor({
  variant = 'secondary',
  className,
  ...rest
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant }) {
  return <a {...rest} className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')} />;
}
