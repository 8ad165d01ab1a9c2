import { useState } from 'react';
import { may } from '../../api/roles';
import type { MemberRole, Membership } from '../../api/types';
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
import { useChangeRole, useMembers, useRemoveMember } from './api';

const ROLE_NAMES: Record<MemberRole, string> = { admin: 'Admin', moderator: 'Moderator', viewer: 'Viewer' };

/**
 * An Enterprise's owner and members with their roles (docs/roles.md): the owner changes a member's
 * role; the owner and admins remove members (only the owner removes an admin; the owner stays).
 */
export function Members({
  enterpriseId,
  enterpriseName,
  membership,
}: {
  enterpriseId: number;
  enterpriseName: string;
  membership: Membership;
}) {
  const mayChangeRoles = may(membership, 'members.roles');
  // Removing an admin is the role changer's (the owner's); admins remove moderators and viewers.
  const mayRemoveRole = (role: MemberRole) =>
    may(membership, 'members.manage') && (role !== 'admin' || mayChangeRoles);
  const members = useMembers(enterpriseId);
  const remove = useRemoveMember(enterpriseId);
  const changeRole = useChangeRole(enterpriseId);
  const [confirming, setConfirming] = useState<{ accountId: number; name: string } | null>(null);

  if (members.isPending) return <Loading label="Loading members…" />;
  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;

  const { owner, members: list } = members.data;
  return (
    <div className="stack">
      {remove.isError ? <Notice tone="error">{errorText(remove.error)}</Notice> : null}
      {changeRole.isError ? <Notice tone="error">{errorText(changeRole.error)}</Notice> : null}
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
                {mayChangeRoles ? (
                  <select
                    aria-label={`Role of ${m.name}`}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) =>
                      changeRole.mutate({ accountId: m.accountId, role: e.currentTarget.value as MemberRole })
                    }
                  >
                    {(Object.keys(ROLE_NAMES) as MemberRole[]).map((role) => (
                      <option key={role} value={role}>
                        {ROLE_NAMES[role]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Badge>{ROLE_NAMES[m.role]}</Badge>
                )}
              </td>
              <td>
                <Time value={m.joinedAt} />
              </td>
              <td>
                {mayRemoveRole(m.role) ? (
                  <Button
                    variant="danger"
                    className="btn-small"
                    aria-label={`Remove ${m.name}`}
                    onClick={() => setConfirming({ accountId: m.accountId, name: m.name })}
                  >
                    Remove
                  </Button>
                ) : null}
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
