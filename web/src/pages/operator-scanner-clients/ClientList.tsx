import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  errorText,
  Loading,
  Notice,
  Table,
  Time,
} from '../../components';
import { type ScannerClient, useRevokeClient, useScannerClients } from './api';
import { ExpireDialog } from './ExpireDialog';
import { KIND_WORDS, STATUS_WORDS } from './words';

/** Every registered client, newest first, never a key; expire or revoke one from its row. */
export function ClientList() {
  const clients = useScannerClients();
  const revoke = useRevokeClient();
  const [expiring, setExpiring] = useState<ScannerClient | null>(null);
  const [revoking, setRevoking] = useState<ScannerClient | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="stack" aria-labelledby="client-list-title">
      <h2 id="client-list-title">Registered clients</h2>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {revoke.isError ? <Notice tone="error">{errorText(revoke.error)}</Notice> : null}
      {clients.isPending ? (
        <Loading label="Loading scanner clients…" />
      ) : clients.isError ? (
        <ErrorState error={clients.error} onRetry={() => void clients.refetch()} />
      ) : clients.data.length === 0 ? (
        <EmptyState title="No scanner clients yet.">
          Official builds register themselves when the server reads the manifest of{' '}
          <code>npm run build:scanner</code>; register a third-party integration below.
        </EmptyState>
      ) : (
        <Table caption="Registered scanner clients" captionHidden busy={clients.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Platform</th>
              <th scope="col">Version</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Revoked</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...clients.data].reverse().map((client) => {
              const [status, tone] = STATUS_WORDS[client.status];
              return (
                <tr key={client.id} className={client.status === 'active' ? undefined : 'row-expired'}>
                  <td>
                    <div className="wrap-anywhere">{client.name}</div>
                    <code className="key-prefix">{client.clientId}</code>
                  </td>
                  <td>{KIND_WORDS[client.kind]}</td>
                  <td>{client.platform ?? <span className="muted">—</span>}</td>
                  <td>{client.version ?? <span className="muted">—</span>}</td>
                  <td>
                    <Time value={client.createdAt} />
                  </td>
                  <td>
                    {client.expiresAt ? (
                      <Time value={client.expiresAt} relativeToo />
                    ) : (
                      <span className="muted">Never</span>
                    )}
                  </td>
                  <td>
                    <Time value={client.revokedAt} />
                  </td>
                  <td>
                    {client.lastUsedAt ? (
                      <Time value={client.lastUsedAt} relativeToo />
                    ) : (
                      <span className="muted">Never</span>
                    )}
                  </td>
                  <td>
                    <Badge tone={tone}>{status}</Badge>
                  </td>
                  <td>
                    {client.status === 'revoked' ? null : (
                      <div className="row">
                        <Button
                          className="btn-small"
                          aria-label={`Expire ${client.name}`}
                          onClick={() => setExpiring(client)}
                        >
                          Expire…
                        </Button>
                        <Button
                          variant="danger"
                          className="btn-small"
                          aria-label={`Revoke ${client.name}`}
                          onClick={() => setRevoking(client)}
                        >
                          Revoke
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <ExpireDialog client={expiring} onClose={() => setExpiring(null)} onDone={setDone} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke client"
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const client = revoking;
          if (client === null) return;
          revoke.mutate(client.id, {
            onSuccess: () => setDone(`${client.name} is revoked: its calls are refused from now on.`),
            onSettled: () => setRevoking(null),
          });
        }}
      >
        <p>
          Its next call is refused, a scan under way included, and players using it are told to download the
          current scanner. This cannot be undone: to accept it again, register a new client.
        </p>
      </ConfirmDialog>
    </section>
  );
}
