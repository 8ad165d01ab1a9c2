import { useState } from 'react';
import { Badge, Button, ConfirmDialog, errorText, Notice, Table, Time } from '../../components';
import { type KeyListing, useRevokeKey } from './api';

/** The person's keys, revoked ones included; never the keys themselves, only their first characters. */
export function KeyTable({ keys, busy }: { keys: KeyListing[]; busy: boolean }) {
  const revoke = useRevokeKey();
  const [confirming, setConfirming] = useState<KeyListing | null>(null);

  return (
    <>
      {revoke.isError ? <Notice tone="error">{errorText(revoke.error)}</Notice> : null}
      <Table caption="Your API keys" captionHidden busy={busy}>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Permissions</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className={key.revoked ? 'row-expired' : undefined}>
              <td>
                <code className="key-prefix">{key.prefix}…</code>
                {key.name ? <div className="wrap-anywhere">{key.name}</div> : null}
              </td>
              <td>
                <ul className="tag-list">
                  {key.permissions.map((p) => (
                    <li key={p}>
                      <Badge>{p}</Badge>
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <Time value={key.createdAt} />
              </td>
              <td>
                {key.lastUsedAt ? (
                  <Time value={key.lastUsedAt} relativeToo />
                ) : (
                  <span className="muted">Never</span>
                )}
              </td>
              <td>
                {key.revoked ? <Badge tone="neutral">Revoked</Badge> : <Badge tone="success">Active</Badge>}
              </td>
              <td>
                {key.revoked ? null : (
                  <Button
                    variant="danger"
                    className="btn-small"
                    aria-label={`Revoke key ${key.prefix}${key.name ? ` (${key.name})` : ''}`}
                    onClick={() => setConfirming(key)}
                  >
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        open={confirming !== null}
        title={`Revoke key ${confirming?.prefix ?? ''}…?`}
        confirmLabel="Revoke key"
        danger
        busy={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) revoke.mutate(confirming.id, { onSettled: () => setConfirming(null) });
        }}
      >
        <p>Programs using this key are refused (401) from now on. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
