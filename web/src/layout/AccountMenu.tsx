import { useState } from 'react';
import { useSignOut } from '../api/me';
import { Button, ConfirmDialog, errorText, Notice } from '../components';

/** The signed-in person's name, "Sign out", and "Sign out everywhere" (after a confirmation). */
export function AccountMenu({ name }: { name: string }) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run(everywhere: boolean) {
    setBusy(everywhere ? 'everywhere' : 'here');
    setError(null);
    try {
      await signOut(everywhere);
    } catch (e) {
      setError(e);
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <div className="account">
      <span className="account-name" data-testid="account-name">
        {name}
      </span>
      <Button variant="ghost" busy={busy === 'here'} onClick={() => void run(false)}>
        Sign out
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      {error ? <Notice tone="error">{errorText(error)}</Notice> : null}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        danger
        busy={busy === 'everywhere'}
        onConfirm={() => void run(true)}
        onCancel={() => setConfirming(false)}
      >
        <p>This ends every session of your account, on every device and browser, including this one.</p>
      </ConfirmDialog>
    </div>
  );
}
