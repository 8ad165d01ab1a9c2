import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  CopyButton,
  ErrorState,
  errorText,
  Loading,
  Notice,
  SelectField,
  Table,
  Time,
  type Tone,
} from '../../components';
import { type InviteListing, useCreateInvite, useInvites, useRevokeInvite } from './api';

const DAYS: Array<[string, string]> = [
  ['1', '1 day'],
  ['7', '7 days'],
  ['14', '14 days'],
  ['30', '30 days'],
];

const USES: Array<[string, string]> = [
  ['single', 'One person'],
  ['multi', 'Anyone with the link'],
];

function inviteState(invite: InviteListing): [string, Tone] {
  if (invite.revoked) return ['Revoked', 'neutral'];
  if (invite.usable) return ['Usable', 'success'];
  if (new Date(invite.expiresAt).getTime() <= Date.now()) return ['Expired', 'neutral'];
  return ['Used up', 'neutral'];
}

/** Invite links of one Enterprise: make one (its URL shown once), list them, revoke. */
export function Invites({ enterpriseId, enterpriseName }: { enterpriseId: number; enterpriseName: string }) {
  const invites = useInvites(enterpriseId);
  const create = useCreateInvite(enterpriseId);
  const revoke = useRevokeInvite(enterpriseId);
  const [days, setDays] = useState('7');
  const [uses, setUses] = useState('single');
  const [confirming, setConfirming] = useState<number | null>(null);

  return (
    <div className="stack">
      <form
        className="form-grid"
        aria-label={`New invite to ${enterpriseName}`}
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ expiresInDays: Number(days), maxUses: uses === 'single' ? 1 : null });
        }}
      >
        <SelectField
          label="Invite lasts"
          options={DAYS}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <SelectField
          label="Who can join with it"
          options={USES}
          value={uses}
          onChange={(e) => setUses(e.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create invite
          </Button>
        </div>
      </form>
      {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      {create.data ? (
        <div className="notice notice-success stack" role="status">
          <p>
            Send this link to the person you invite. <strong>Copy it now: it is not shown again.</strong>
          </p>
          <div className="url-box">
            <code data-testid="invite-url">{create.data.url}</code>
            <CopyButton text={create.data.url} label="Copy the invite link" />
          </div>
          <p>
            {create.data.maxUses === null ? 'Anyone with it can join' : 'One person can join with it'} until{' '}
            <Time value={create.data.expiresAt} />.
          </p>
        </div>
      ) : null}
      {revoke.isError ? <Notice tone="error">{errorText(revoke.error)}</Notice> : null}
      {invites.isPending ? (
        <Loading label="Loading invites…" />
      ) : invites.isError ? (
        <ErrorState error={invites.error} onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <p className="muted">No invites yet.</p>
      ) : (
        <Table caption={`Invites to ${enterpriseName}`} captionHidden busy={invites.isFetching}>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Uses</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...invites.data].reverse().map((invite) => {
              const [state, tone] = inviteState(invite);
              return (
                <tr key={invite.id}>
                  <td>
                    <Time value={invite.createdAt} />
                  </td>
                  <td>
                    <Time value={invite.expiresAt} />
                  </td>
                  <td>
                    {invite.uses} of {invite.maxUses ?? 'any number'}
                  </td>
                  <td>
                    <Badge tone={tone}>{state}</Badge>
                  </td>
                  <td>
                    {invite.usable ? (
                      <Button variant="danger" className="btn-small" onClick={() => setConfirming(invite.id)}>
                        Revoke
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke this invite?"
        confirmLabel="Revoke invite"
        danger
        busy={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming !== null) revoke.mutate(confirming, { onSettled: () => setConfirming(null) });
        }}
      >
        <p>Nobody can join with it from now on. People who already joined stay members.</p>
      </ConfirmDialog>
    </div>
  );
}
