import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuthOptions } from '../../api/auth';
import { isApiError } from '../../api/client';
import { safeNext, useMe } from '../../api/me';
import {
  browserSupportsWebAuthn,
  cancelPasskeyAutofill,
  signInWithPasskey,
  supportsPasskeyAutofill,
} from '../../api/passkeys';
import { Button, ButtonAnchor, errorText, Loading, Notice, PageHeader } from '../../components';
import { errorWords } from './error-words';

/**
 * /sign-in (docs/dashboard.md, "Signing in"): "Sign in with a passkey" (also offered in the field's
 * autofill where the browser can), "Sign in with Discord" when the server offers it, and always how
 * to get a one-time link from the operator. `?error=` from the Discord callback is said in
 * plain words; `?next=` is where to return after signing in.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const options = useAuthOptions();
  const me = useMe({ redirect: false });
  const error = params.get('error');
  const next = safeNext(params.get('next'));
  const discordHref = next === '/' ? '/auth/discord' : `/auth/discord?next=${encodeURIComponent(next)}`;
  const passkeys = options.data?.passkey === true && browserSupportsWebAuthn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<unknown>(null);

  const signedIn = async () => {
    await client.invalidateQueries();
    navigate(next, { replace: true });
  };

  // Conditional UI: the browser lists this site's passkeys in the field's suggestions; picking one
  // signs in. It waits quietly, and a press of the button takes over from it.
  useEffect(() => {
    if (!passkeys || me.me) return;
    let live = true;
    void (async () => {
      if (!(await supportsPasskeyAutofill()) || !live) return;
      try {
        await signInWithPasskey(true);
        if (!live) return;
        await client.invalidateQueries();
        navigate(next, { replace: true });
      } catch (error) {
        if (live && !isApiError(error, 'passkey_cancelled')) setPasskeyError(error);
      }
    })();
    return () => {
      live = false;
      cancelPasskeyAutofill();
    };
  }, [passkeys, me.me, client, navigate, next]);

  const pressed = async () => {
    setBusy(true);
    setPasskeyError(null);
    try {
      await signInWithPasskey(false);
      await signedIn();
    } catch (error) {
      setPasskeyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="page page-center">
      <div className="card sign-in-card stack">
        <PageHeader title="Sign in to scanpin" />
        {error ? <Notice tone="error">{errorWords(error)}</Notice> : null}
        {params.get('signedOut') && !error ? <Notice tone="success">You are signed out.</Notice> : null}
        {me.me ? (
          <p>
            You are signed in as <strong>{me.me.name}</strong>. <Link to={next}>Go to the dashboard</Link>
          </p>
        ) : null}
        {passkeys && !me.me ? (
          <div className="stack">
            {passkeyError ? <Notice tone="error">{errorText(passkeyError)}</Notice> : null}
            <div className="field">
              <label htmlFor="passkey-autofill">Your account</label>
              <input
                id="passkey-autofill"
                type="text"
                name="username"
                autoComplete="username webauthn"
                placeholder="Pick a saved passkey"
                aria-describedby="passkey-autofill-hint"
              />
              <p id="passkey-autofill-hint" className="hint">
                Your browser offers the passkeys it holds for this site here; or press the button.
              </p>
            </div>
            <p>
              <Button variant="primary" busy={busy} onClick={() => void pressed()}>
                Sign in with a passkey
              </Button>
            </p>
          </div>
        ) : null}
        {options.isPending ? (
          <Loading />
        ) : options.data?.discord ? (
          <p>
            <ButtonAnchor variant={passkeys ? 'secondary' : 'primary'} href={discordHref}>
              Sign in with Discord
            </ButtonAnchor>
          </p>
        ) : null}
        <div className="stack">
          <h2>{options.data?.discord || passkeys ? 'Or use a sign-in link' : 'Sign in with a link'}</h2>
          <p>
            Ask the operator of this scanpin server for a one-time sign-in link. They make one with{' '}
            <code>npx scanpin admin account sign-in-link ID</code>. Open it in this browser within 15 minutes
            and press <strong>Sign in</strong>. Once in, add a passkey in <strong>Settings</strong> so you can
            sign in by yourself next time.
          </p>
        </div>
      </div>
    </main>
  );
}
