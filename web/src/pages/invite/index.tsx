import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuthOptions, useInvitePreview } from '../../api/auth';
import { request } from '../../api/client';
import { useMe } from '../../api/me';
import { browserSupportsWebAuthn, defaultPasskeyName, joinWithPasskey } from '../../api/passkeys';
import { queryKeys } from '../../api/query-keys';
import type { Membership } from '../../api/types';
import {
  Button,
  ButtonAnchor,
  ErrorState,
  errorText,
  Loading,
  Notice,
  PageHeader,
  TextField,
} from '../../components';

/**
 * /invite/:token (docs/dashboard.md, "Members and invites"): names the Enterprise; a signed-in person
 * joins with one press; someone without an account joins by creating a passkey (or with Discord,
 * carrying the invite along), with no operator step.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);
  const me = useMe({ redirect: false });
  const options = useAuthOptions();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [passkeyName, setPasskeyName] = useState(defaultPasskeyName());
  const joined = useMutation({
    mutationFn: () => joinWithPasskey({ token, name, passkeyName }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.me });
      void client.invalidateQueries({ queryKey: queryKeys.enterprises });
    },
  });
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
  } else if (joined.isSuccess) {
    body = (
      <>
        <Notice tone="success">
          You joined <strong>{joined.data.enterprise.name}</strong>, and your passkey signs you in from now
          on.
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
    const passkeys = options.data?.passkey === true && browserSupportsWebAuthn();
    body = (
      <>
        <p>
          You are invited to join <strong>{preview.data.enterprise}</strong> as a member.
        </p>
        {passkeys ? (
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              joined.mutate();
            }}
          >
            <TextField
              label="Your name"
              hint={`How ${preview.data.enterprise} will see you.`}
              required
              maxLength={100}
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              label="Name this passkey"
              hint="So you can tell it apart in Settings later (e.g. Work laptop)."
              maxLength={60}
              value={passkeyName}
              onChange={(event) => setPasskeyName(event.target.value)}
            />
            {joined.isError ? <Notice tone="error">{errorText(joined.error)}</Notice> : null}
            <p>
              <Button type="submit" variant="primary" busy={joined.isPending}>
                Create a passkey and join
              </Button>
            </p>
            <p className="hint">
              A passkey is kept by this device (or your phone or security key) and signs you in without a
              password or a link. You can add more in Settings.
            </p>
          </form>
        ) : null}
        {options.data?.discord ? (
          <ButtonAnchor
            variant={passkeys ? 'secondary' : 'primary'}
            href={`/auth/discord?invite=${encodeURIComponent(token)}`}
          >
            Sign in with Discord to join
          </ButtonAnchor>
        ) : null}
        {!passkeys && !options.data?.discord ? (
          <p>
            Sign in first with a sign-in link from the operator of this server, then open this invite link
            again.
          </p>
        ) : null}
        <p className="hint">
          Already have an account?{' '}
          <Link to={`/sign-in?next=${encodeURIComponent(`/invite/${token}`)}`}>Sign in</Link>, then come back
          to this link.
        </p>
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
