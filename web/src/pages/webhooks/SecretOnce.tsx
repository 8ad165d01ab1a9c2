import { CopyButton } from '../../components';

/** A signing secret, shown the one time the server gives it. */
export function SecretOnce({ secret, lead }: { secret: string; lead: string }) {
  return (
    <div className="notice notice-success stack" role="status">
      <p>
        {lead} <strong>Copy it now: it is not shown again.</strong> Your receiver checks each delivery's
        signature with it.
      </p>
      <div className="url-box">
        <code data-testid="webhook-secret">{secret}</code>
        <CopyButton text={secret} label="Copy the signing secret" />
      </div>
    </div>
  );
}
