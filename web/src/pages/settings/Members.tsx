import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorState,
  errorText,
  Loading,
  Notice,
  Table,
  Time,
} from '../../components';
import { useMembers, useRemoveMember } from './api';

/** An Enterprise's owner and members; the owner removes members (the owner cannot be removed). */
export function Members({ enterpriseId, enterpriseName }: { enterpriseId: number; enterpriseName: string }) {
  const members = useMembers(enterpriseId);
  const remove = useRemoveMember(enterpriseId);
  const [confirming, setConfirming] = useState<{ accountId: number; name: string } | null>(null);

  if (members.isPending) return <Loading label="Loading members…" />;
  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;

  const { owner, members: list } = members.data;
  return (
    <div className="stack">
      {remove.isError ? <Notice tone="error">{errorText(remove.error)}</Notice> : null}
      <Table caption={`Members of ${enterpriseName}`} captionHidden busy={members.isFetching}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{owner.name}</td>
            <td>
              <Badge tone="info">Owner</Badge>
            </td>
            <td>
              <span className="muted">—</span>
            </td>
            <td />
          </tr>
          {list.map((m) => (
            <tr key={m.accountId}>
              <td className="wrap-anywhere">{m.name}</td>
              <td>
                <Badge>Member</Badge>
              </td>
              <td>
                <Time value={m.joinedAt} />
              </td>
              <td>
                <Button
                  variant="danger"
                  className="btn-small"
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setConfirming({ accountId: m.accountId, name: m.name })}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {list.length === 0 ? <p className="muted">No members yet: invite your staff below.</p> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={`Remove ${confirming?.name ?? ''} from ${enterpriseName}?`}
        confirmLabel="Remove member"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) remove.mutate(confirming.accountId, { onSettled: () => setConfirming(null) });
        }}
      >
        <p>
          They stop seeing {enterpriseName}'s PINs at once, and share links they made of those PINs stop
          working. They can join again only with a new invite.
        </p>
      </ConfirmDialog>
    </div>
  );
}
