import { useState } from 'react';
import { useSignOut } from '../../api/me';
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
import { useEndSession, useSessions } from './api';

/** A short, readable name for a browser from its User-Agent ("Firefox on Windows"). */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The person's live sessions: end one elsewhere, or sign out everywhere. */
export function Sessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const signOut = useSignOut();
  const [confirmAll, setConfirmAll] = useState(false);
  const [allBusy, setAllBusy] = useState(false);
  const [allError, setAllError] = useState<unknown>(null);

  return (
    <div className="stack">
      {end.isError ? <Notice tone="error">{errorText(end.error)}</Notice> : null}
      {allError ? <Notice tone="error">{errorText(allError)}</Notice> : null}
      {sessions.isPending ? (
        <Loading label="Loading sessions…" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Table caption="Your sessions" captionHidden busy={sessions.isFetching}>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">Ends</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((s) => (
              <tr key={s.id}>
                <td>
                  <span title={s.userAgent ?? undefined}>{deviceName(s.userAgent)}</span>{' '}
                  {s.current ? <Badge tone="info">This device</Badge> : null}
                </td>
                <td>
                  <Time value={s.createdAt} />
                </td>
                <td>
                  <Time value={s.lastSeenAt} relativeToo />
                </td>
                <td>
                  <Time value={s.expiresAt} />
                </td>
                <td>
                  {s.current ? null : (
                    <Button
                      variant="danger"
                      className="btn-small"
                      aria-label={`End the session of ${deviceName(s.userAgent)} signed in ${new Date(s.createdAt).toLocaleString()}`}
                      busy={end.isPending && end.variables === s.id}
                      onClick={() => end.mutate(s.id)}
                    >
                      End
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p>
        <Button variant="danger" onClick={() => setConfirmAll(true)}>
          Sign out everywhere
        </Button>
      </p>
      <ConfirmDialog
        open={confirmAll}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        danger
        busy={allBusy}
        onCancel={() => setConfirmAll(false)}
        onConfirm={async () => {
          setAllBusy(true);
          setAllError(null);
          try {
            await signOut(true);
          } catch (error) {
            setAllError(error);
            setAllBusy(false);
            setConfirmAll(false);
          }
        }}
      >
        <p>
          Every session ends, this one included. You will need a passkey, a new sign-in link or Discord to
          come back.
        </p>
      </ConfirmDialog>
    </div>
  );
}
