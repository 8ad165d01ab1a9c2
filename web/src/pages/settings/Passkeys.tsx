import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthOptions } from '../../api/auth';
import { request } from '../../api/client';
import { addPasskey, browserSupportsWebAuthn, defaultPasskeyName, usePasskeys } from '../../api/passkeys';
import { queryKeys } from '../../api/query-keys';
import type { Passkey } from '../../api/types';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  errorText,
  Loading,
  Notice,
  Table,
  TextField,
  Time,
} from '../../components';

/**
 * The person's passkeys (docs/dashboard.md, "Passkeys"): add one under a name, see when each was
 * last used, remove one they no longer hold.
 */
export function Passkeys() {
  const options = useAuthOptions();
  const passkeys = usePasskeys();
  const client = useQueryClient();
  const [name, setName] = useState(defaultPasskeyName());
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.passkeys });
  const add = useMutation({ mutationFn: () => addPasskey(name), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (id: number) => request(`/app/api/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onSettled: () => setRemoving(null),
  });

  if (options.data && options.data.passkey !== true)
    return (
      <p>
        Passkeys need this server at an https:// address with a domain name. Ask its operator to set{' '}
        <code>PUBLIC_URL</code>; until then, sign in with a link or Discord.
      </p>
    );

  return (
    <div className="stack">
      <p>A passkey signs you in on its own: no link from the operator, no password.</p>
      {remove.isError ? <Notice tone="error">{errorText(remove.error)}</Notice> : null}
      {passkeys.isPending ? (
        <Loading label="Loading passkeys…" />
      ) : passkeys.isError ? (
        <ErrorState error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <EmptyState title="No passkeys yet">Add one below to sign in by yourself next time.</EmptyState>
      ) : (
        <Table caption="Your passkeys" captionHidden busy={passkeys.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Added</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {passkeys.data.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>
                  <Time value={p.createdAt} />
                </td>
                <td>{p.lastUsedAt ? <Time value={p.lastUsedAt} relativeToo /> : 'Never'}</td>
                <td>
                  <Button
                    variant="danger"
                    className="btn-small"
                    aria-label={`Remove the passkey ${p.name}`}
                    onClick={() => setRemoving(p)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {browserSupportsWebAuthn() ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextField
            label="Name for a new passkey"
            hint="So you can tell your passkeys apart (e.g. Work laptop, Phone)."
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {add.isError ? <Notice tone="error">{errorText(add.error)}</Notice> : null}
          {add.isSuccess ? <Notice tone="success">Passkey “{add.data.name}” added.</Notice> : null}
          <p>
            <Button type="submit" variant="primary" busy={add.isPending}>
              Add a passkey
            </Button>
          </p>
        </form>
      ) : (
        <p>This browser cannot create passkeys. Use a current Chrome, Edge, Firefox or Safari.</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the passkey “${removing?.name ?? ''}”?`}
        confirmLabel="Remove passkey"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
        }}
      >
        <p>It will no longer sign you in. Your sessions stay open.</p>
      </ConfirmDialog>
    </div>
  );
}
