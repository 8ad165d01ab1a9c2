import { useState } from 'react';
import { useCancelPin } from '../../api/pins';
import { Button, ConfirmDialog, errorText, Notice } from '../../components';

/**
 * Cancel a pending PIN (docs/roles.md, "Cancelling a PIN"): for a player who never showed up. The
 * server decides who may (owner, admins, moderators) and says so when it refuses.
 */
export function CancelPin({ code }: { code: string }) {
  const cancel = useCancelPin(code);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="stack">
      {cancel.isError ? <Notice tone="error">{errorText(cancel.error)}</Notice> : null}
      <p className="row">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Cancel PIN
        </Button>
      </p>
      <ConfirmDialog
        open={confirming}
        title={`Cancel PIN ${code}?`}
        confirmLabel="Cancel PIN"
        danger
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        <p>
          The player can no longer start a scan with it; its slot is free at once. It shows as expired, with a
          note that it was cancelled.
        </p>
      </ConfirmDialog>
    </div>
  );
}
