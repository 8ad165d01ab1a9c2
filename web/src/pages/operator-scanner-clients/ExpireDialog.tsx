import { useState } from 'react';
import { Button, Dialog, errorText, formatDateTime, Notice, SelectField, TextField } from '../../components';
import { type ScannerClient, useExpireClient } from './api';
import { GRACE_DAYS, graceWords } from './words';

const DAY_MS = 86_400_000;

type Choice = `${(typeof GRACE_DAYS)[number]}` | 'date' | 'never';

const CHOICES: ReadonlyArray<readonly [Choice, string]> = [
  ...GRACE_DAYS.map((days) => [`${days}` as Choice, graceWords(days)] as const),
  ['date', 'On a date…'],
  ['never', 'Never (clear the expiry)'],
];

/** The chosen moment as the API takes it; undefined when a date is asked for and not given. */
function expiryOf(choice: Choice, date: string, now: number): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'date') {
    const at = new Date(date);
    return date === '' || Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  }
  return new Date(now + Number(choice) * DAY_MS).toISOString();
}

/**
 * When a client stops being accepted: now, after a grace period, on a date, or never again. From then
 * on its calls are refused `scanner_client_retired` (docs/operations.md, "Scanner clients").
 */
export function ExpireDialog({
  client,
  onClose,
  onDone,
}: {
  client: ScannerClient | null;
  onClose: () => void;
  onDone: (words: string) => void;
}) {
  const expire = useExpireClient();
  const [choice, setChoice] = useState<Choice>('7');
  const [date, setDate] = useState('');
  const [missingDate, setMissingDate] = useState(false);

  const close = () => {
    expire.reset();
    setChoice('7');
    setDate('');
    setMissingDate(false);
    onClose();
  };

  const submit = () => {
    if (client === null) return;
    const expiresAt = expiryOf(choice, date, Date.now());
    if (expiresAt === undefined) {
      setMissingDate(true);
      return;
    }
    expire.mutate(
      { id: client.id, expiresAt },
      {
        onSuccess: (updated) => {
          onDone(
            updated.expiresAt === null
              ? `${updated.name} no longer expires.`
              : updated.status === 'expired'
                ? `${updated.name} is expired: its calls are refused from now on.`
                : `${updated.name} expires on ${formatDateTime(updated.expiresAt)}.`,
          );
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={client !== null}
      title={`Expire ${client?.name ?? ''}`}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" busy={expire.isPending} onClick={submit}>
            Set the expiry
          </Button>
        </>
      }
    >
      <div className="stack">
        <p>
          From the moment you choose, its calls are refused and players are told to download the current
          scanner. A grace period lets players who downloaded it recently finish their scans.
        </p>
        <SelectField
          label="Stop accepting it"
          options={CHOICES}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value as Choice);
            setMissingDate(false);
          }}
        />
        {choice === 'date' ? (
          <TextField
            label="Date and time (your time zone)"
            type="datetime-local"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setMissingDate(false);
            }}
            error={missingDate ? 'Choose the date and time it stops being accepted.' : null}
          />
        ) : null}
        {expire.isError ? <Notice tone="error">{errorText(expire.error)}</Notice> : null}
      </div>
    </Dialog>
  );
}
