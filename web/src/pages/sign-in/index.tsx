import { Link, useSearchParams } from 'react-router';
import { useAuthOptions } from '../../api/auth';
import { safeNext, useMe } from '../../api/me';
import { ButtonAnchor, Loading, Notice, PageHeader } from '../../components';
import { errorWords } from './error-words';

/**
 * /sign-in (docs/dashboard.md, "Signing in"): "Sign in with Discord" when the server offers it, and
 * always how to get a one-time link from the operator. `?error=` from the Discord callback is said in
 * plain words; `?next=` is where to return after signing in.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const options = useAuthOptions();
  const me = useMe({ redirect: false });
  const error = params.get('error');
  const next = safeNext(params.get('next'));
  const discordHref = next === '/' ? '/auth/discord' : `/auth/discord?next=${encodeURIComponent(next)}`;

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
        {options.isPending ? (
          <Loading />
        ) : options.data?.discord ? (
          <p>
            <ButtonAnchor variant="primary" href={discordHref}>
              Sign in with Discord
            </ButtonAnchor>
          </p>
        ) : null}
        <div className="stack">
          <h2>{options.data?.discord ? 'Or use a sign-in link' : 'Sign in with a link'}</h2>
          <p>
            Ask the operator of this scanpin server for a one-time sign-in link. They make one with{' '}
            <code>npx scanpin admin account sign-in-link ID</code>. Open it in this browser within 15 minutes
            and press <strong>Sign in</strong>.
          </p>
        </div>
      </div>
    </main>
  );
}
