import { useState } from 'react';
import { isApiError } from '../../api/client';
import { Button, errorText, Notice, TextField } from '../../components';
import { useCheckToken } from './api';

/**
 * Asks for the operator token and tries it once. A refusal is shown as the server words it and is not
 * sent again: each refused token counts against this address (docs/api.md, "Rate limits").
 */
export function TokenForm({
  refusal,
  onAccepted,
}: {
  /** Why an accepted token stopped working (a later call was refused), if it did. */
  refusal: unknown;
  onAccepted: (token: string) => void;
}) {
  const check = useCheckToken();
  const [value, setValue] = useState('');
  const error = check.isError ? check.error : refusal;

  return (
    <section className="card stack" aria-labelledby="operator-token-title">
      <h2 id="operator-token-title">Operator access</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          const token = value.trim();
          if (token === '' || check.isPending) return;
          check.mutate(token, {
            onSuccess: () => {
              setValue('');
              onAccepted(token);
            },
          });
        }}
      >
        <TextField
          label="Operator token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint={
            <>
              The server's <code>./data/admin-token</code> or <code>SCANPIN_ADMIN_TOKEN</code>. This page
              keeps it in memory only: reloading or closing the tab forgets it.
            </>
          }
        />
        <p>
          <Button type="submit" variant="primary" busy={check.isPending}>
            Open the registry
          </Button>
        </p>
        {error ? (
          <Notice tone="error">
            <strong>
              {isApiError(error) && error.status === 401
                ? 'The server refused the token.'
                : 'The registry could not be opened.'}
            </strong>{' '}
            {errorText(error)}
          </Notice>
        ) : null}
      </form>
    </section>
  );
}
