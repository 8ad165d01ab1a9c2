import { useState } from 'react';
import { Button, CopyButton, Dialog, errorText, Notice, TextField } from '../../components';
import { useRegisterClient } from './api';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * Registers a third-party scanner integration and shows its client id and key once, with copy
 * buttons: the server keeps the key sealed and never shows it again. Official builds are not
 * registered here; they come from the build manifest (docs/operations.md, "Scanner clients").
 */
export function RegisterClient() {
  const register = useRegisterClient();
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [platform, setPlatform] = useState('');
  const made = register.data;

  return (
    <section className="card stack" aria-labelledby="register-client-title">
      <h2 id="register-client-title">Register a third-party integration</h2>
      <p className="muted">
        For a scanner someone else makes that you allow to call this server. It gets a client id and a key to
        sign its calls with; hand both to its maker.
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() === '') return;
          register.mutate(
            { name: name.trim(), version: orNull(version), platform: orNull(platform) },
            {
              onSuccess: () => {
                setName('');
                setVersion('');
                setPlatform('');
              },
            },
          );
        }}
      >
        <div className="form-grid">
          <TextField
            label="Name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Version (optional)"
            maxLength={100}
            value={version}
            onChange={(e) => setVersion(e.target.value)}
          />
          <TextField
            label="Platform (optional)"
            maxLength={100}
            value={platform}
            onChange={(e) => setPlatform(e.target.value)}
          />
        </div>
        <p>
          <Button type="submit" variant="primary" busy={register.isPending}>
            Register integration
          </Button>
        </p>
        {register.isError ? <Notice tone="error">{errorText(register.error)}</Notice> : null}
      </form>
      <Dialog
        open={made !== undefined}
        title="The integration's client id and key"
        onClose={() => register.reset()}
        actions={
          <Button variant="primary" onClick={() => register.reset()}>
            I have copied it
          </Button>
        }
      >
        {made ? (
          <div className="notice notice-success stack">
            <p>
              <strong>Copy the key now: it is not shown again.</strong> scanpin keeps it sealed and shows it
              to no one, you included; if it is lost, revoke this client and register another. Anyone who has
              the key can sign scans as this integration: send it only to its maker, over a private channel.
            </p>
            <p>Client id (sent as the Scanpin-Client header):</p>
            <div className="url-box">
              <code data-testid="new-client-id">{made.clientId}</code>
              <CopyButton text={made.clientId} label="Copy the client id" />
            </div>
            <p>Key (signs every call):</p>
            <div className="url-box">
              <code data-testid="new-client-key">{made.key}</code>
              <CopyButton text={made.key} label="Copy the key" />
            </div>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
