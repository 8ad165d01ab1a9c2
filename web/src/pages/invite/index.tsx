import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useAuthOptions, useInvitePreview } from '../../api/auth';
import { request } from '../../api/client';
import { useMe } from '../../api/me';
import { queryKeys } from '../../api/query-keys';
import type { Membership } from '../../api/types';
import { Button, ButtonAnchor, ErrorState, errorText, Loading, Notice, PageHeader } from '../../components';

/**
 * /invite/:token (docs/dashboard.md, "Members and invites"): names the Enterprise; a signed-in person
 * joins with one press, a signed-out one signs in with Discord carrying the invite along.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);
  const me = useMe({ redirect: false });
  const options = useAuthOptions();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => request<Membership>('/app/api/invites/accept', { method: 'POST', body: { token } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.enterprises });
      void client.invalidateQueries({ queryKey: queryKeys.pins.all });
    },
  });

  let body: React.ReactNode;
  if (preview.isPending || me.isPending) {
    body = <Loading />;
  } else if (preview.isError) {
    body = <ErrorState error={preview.error} title="This invite cannot be opened" />;
  } else if (!preview.data.usable) {
    body = (
      <Notice tone="error">
        This invite to <strong>{preview.data.enterprise}</strong> can no longer be used: it expired, was
        withdrawn or was used up. Ask the Enterprise owner for a new one.
      </Notice>
    );
  } else if (accept.isSuccess) {
    body = (
      <>
        <Notice tone="success">
          You joined <strong>{accept.data.enterprise.name}</strong>.
        </Notice>
        <p>
          <Link to="/">See its PINs</Link>
        </p>
      </>
    );
  } else if (me.me) {
    body = (
      <>
        <p>
          You are invited to join <strong>{preview.data.enterprise}</strong> as a member. You are signed in as{' '}
          <strong>{me.me.name}</strong>.
        </p>
        {accept.isError ? <Notice tone="error">{errorText(accept.error)}</Notice> : null}
        <Button variant="primary" busy={accept.isPending} onClick={() => accept.mutate()}>
          Join {preview.data.enterprise}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p>
          You are invited to join <strong>{preview.data.enterprise}</strong> as a member.
        </p>
        {options.data?.discord ? (
          <ButtonAnchor variant="primary" href={`/auth/discord?invite=${encodeURIComponent(token)}`}>
            Sign in with Discord to join
          </ButtonAnchor>
        ) : (
          <p>
            Sign in first with a sign-in link from the operator of this server, then open this invite link
            again.
          </p>
        )}
      </>
    );
  }

  return (
    <main id="main" className="page page-center">
      <div className="card stack">
        <PageHeader title="Invitation" />
        {body}
      </div>
    </main>
  );
}
