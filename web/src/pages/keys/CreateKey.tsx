import { useState } from 'react';
import { Button, CheckboxField, CopyButton, Dialog, errorText, Notice, TextField } from '../../components';
import { PERMISSIONS, type Permission, useCreateKey } from './api';

/**
 * Makes a key with the chosen permissions and shows it once, in a dialog with a copy button: the
 * server keeps only its hash. `pins:create` is offered to Enterprise owners only.
 */
export function CreateKey({ ownsEnterprise }: { ownsEnterprise: boolean }) {
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set());
  const [missing, setMissing] = useState(false);
  const offered = PERMISSIONS.filter((p) => ownsEnterprise || !p.ownersOnly);

  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(permission);
    else next.delete(permission);
    setChosen(next);
    if (next.size > 0) setMissing(false);
  };

  return (
    <section className="card stack" aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen.size === 0) {
            setMissing(true);
            return;
          }
          create.mutate(
            { name: name.trim() === '' ? null : name.trim(), permissions: [...chosen] },
            {
              onSuccess: () => {
                setName('');
                setChosen(new Set());
              },
            },
          );
        }}
      >
        <TextField
          label="Name (optional)"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          hint="Say where the key is used, e.g. “Discord bot”."
        />
        <fieldset className="checkbox-group" aria-describedby={missing ? 'permissions-error' : undefined}>
          <legend>Permissions</legend>
          {offered.map((p) => (
            <CheckboxField
              key={p.name}
              label={`${p.label} (${p.name})`}
              checked={chosen.has(p.name)}
              onChange={(e) => toggle(p.name, e.target.checked)}
            />
          ))}
          {ownsEnterprise ? null : (
            <p className="hint">Creating PINs (pins:create) is for Enterprise owners only.</p>
          )}
          {missing ? (
            <p id="permissions-error" className="field-error" role="alert">
              Choose at least one permission.
            </p>
          ) : null}
        </fieldset>
        <p>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create key
          </Button>
        </p>
        {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      </form>
      <Dialog
        open={create.data !== undefined}
        title="Your new API key"
        onClose={() => create.reset()}
        actions={
          <Button variant="primary" onClick={() => create.reset()}>
            I have copied it
          </Button>
        }
      >
        {create.data ? (
          <div className="notice notice-success stack">
            <p>
              <strong>Copy it now: it is not shown again.</strong> scanpin keeps only a fingerprint of it; if
              it is lost, revoke it and make another.
            </p>
            <div className="url-box">
              <code data-testid="new-key">{create.data.key}</code>
              <CopyButton text={create.data.key} label="Copy the API key" />
            </div>
            <p>Send it in the X-API-Key header. Permissions: {create.data.permissions.join(', ')}.</p>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
