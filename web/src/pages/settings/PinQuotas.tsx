import { type FormEvent, useState } from 'react';
import { Button, ErrorState, errorText, Loading, Notice, TextField } from '../../components';
import { type PinQuotas as Quotas, usePinQuotas, useSavePinQuotas } from './api';

const ROLES = [
  ['owner', 'You (the owner)'],
  ['admin', 'Admins together'],
  ['moderator', 'Moderators together'],
] as const;

/**
 * The owner's PIN quotas per role (docs/roles.md, "PIN quotas"): how many active PINs the staff of each
 * role may hold together through the dashboard and Discord. The API keeps MAX_ACTIVE_PINS per account.
 */
export function PinQuotas({ enterpriseId }: { enterpriseId: number }) {
  const quotas = usePinQuotas(enterpriseId);
  const save = useSavePinQuotas(enterpriseId);
  const [draft, setDraft] = useState<Partial<Record<keyof Quotas, string>>>({});

  if (quotas.isPending) return <Loading label="Loading the PIN quotas…" />;
  if (quotas.isError) return <ErrorState error={quotas.error} onRetry={() => void quotas.refetch()} />;

  function submit(e: FormEvent) {
    e.preventDefault();
    const changes: Partial<Quotas> = {};
    for (const [role] of ROLES) {
      const raw = draft[role];
      if (raw !== undefined && raw !== '') changes[role] = Number(raw);
    }
    if (Object.keys(changes).length > 0) save.mutate(changes, { onSuccess: () => setDraft({}) });
  }

  return (
    <form className="stack" onSubmit={submit}>
      <p className="muted">
        Active (pending or scanning) PINs that each role's staff may hold together, made here or with /scan in
        Discord. 0 stops the role creating PINs. PINs made with your API key keep their own limit.
      </p>
      {ROLES.map(([role, label]) => (
        <TextField
          key={role}
          label={label}
          type="number"
          min={0}
          max={1000}
          value={draft[role] ?? String(quotas.data[role])}
          onChange={(e) => setDraft({ ...draft, [role]: e.currentTarget.value })}
        />
      ))}
      {save.isError ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">Quotas saved.</Notice> : null}
      <p className="row">
        <Button type="submit" busy={save.isPending}>
          Save quotas
        </Button>
      </p>
    </form>
  );
}
