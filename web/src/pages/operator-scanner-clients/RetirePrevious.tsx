import { useState } from 'react';
import { Button, ConfirmDialog, errorText, formatDateTime, Notice, SelectField } from '../../components';
import { useRetirePrevious, useScannerClients } from './api';
import { GRACE_DAYS, graceWords } from './words';

/**
 * A new release retires the official builds registered before it after a grace period, so players
 * who downloaded one recently can still finish (docs/operations.md, "Scanner clients").
 */
export function RetirePrevious() {
  const clients = useScannerClients();
  const retire = useRetirePrevious();
  const builds = [...(clients.data ?? [])]
    .reverse()
    .filter((c) => c.kind === 'official' && c.status === 'active');
  const [chosen, setChosen] = useState<string>('');
  const [graceDays, setGraceDays] = useState(7);
  const [confirming, setConfirming] = useState(false);
  const current = builds.find((c) => String(c.id) === chosen) ?? builds[0];
  if (current === undefined) return null;

  const label = (c: (typeof builds)[number]) =>
    [c.name, c.version, c.platform].filter((part) => part !== null).join(' · ');

  return (
    <section className="card stack" aria-labelledby="retire-title">
      <h2 id="retire-title">Retire previous builds</h2>
      <p className="muted">
        After a release, every official build registered before the new one stops being accepted once the
        grace period ends. A build already expiring sooner keeps its date.
      </p>
      <div className="form-grid">
        <SelectField
          label="The new build"
          options={builds.map((c) => [String(c.id), label(c)] as const)}
          value={String(current.id)}
          onChange={(e) => setChosen(e.target.value)}
        />
        <SelectField
          label="Grace period"
          options={GRACE_DAYS.map(
            (days) => [String(days), days === 0 ? 'None: at once' : graceWords(days)] as const,
          )}
          value={String(graceDays)}
          onChange={(e) => setGraceDays(Number(e.target.value))}
        />
      </div>
      <p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Retire previous builds
        </Button>
      </p>
      {retire.isError ? <Notice tone="error">{errorText(retire.error)}</Notice> : null}
      {retire.data ? (
        <Notice tone="success">
          {retire.data.retired.length === 0
            ? 'No earlier build needed retiring.'
            : `${retire.data.retired.length} earlier ${retire.data.retired.length === 1 ? 'build stops' : 'builds stop'} being accepted on ${formatDateTime(retire.data.expiresAt)}.`}
        </Notice>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Retire the builds before ${current.name}?`}
        confirmLabel="Retire previous builds"
        danger
        busy={retire.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          retire.mutate({ clientId: current.id, graceDays }, { onSettled: () => setConfirming(false) })
        }
      >
        <p>
          Every official build registered before it is refused{' '}
          {graceDays === 0 ? 'from now on' : `${graceWords(graceDays).toLowerCase()}`}. Players with an older
          build then have to download the current one.
        </p>
      </ConfirmDialog>
    </section>
  );
}
