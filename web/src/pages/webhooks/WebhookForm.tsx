import { useId, useState } from 'react';
import { Button, CheckboxField, TextField } from '../../components';
import { PIN_EVENTS, type PinEvent, type WebhookInput } from './api';

/** URL, events and description of an endpoint: for creating one and for editing it. */
export function WebhookForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookInput;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: WebhookInput) => void;
  onCancel?: () => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<Set<PinEvent>>(new Set(initial?.events ?? []));
  const [description, setDescription] = useState(initial?.description ?? '');
  const [urlError, setUrlError] = useState<string | null>(null);
  const hintId = useId();

  const toggle = (event: PinEvent, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(event);
    else next.delete(event);
    setEvents(next);
  };

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = url.trim();
        if (!/^https?:\/\/\S+$/i.test(trimmed)) {
          setUrlError(
            'Enter the full address, starting with https://, e.g. https://bot.example.com/scanpin.',
          );
          return;
        }
        setUrlError(null);
        onSubmit({
          url: trimmed,
          // Kept in the published order, so the list reads the same as the checkboxes.
          events: PIN_EVENTS.map((p) => p.name).filter((name) => events.has(name)),
          description: description.trim() === '' ? null : description.trim(),
        });
      }}
    >
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={2048}
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="Where scanpin sends the events, with an HTTP POST."
        error={urlError}
      />
      <fieldset className="checkbox-group" aria-describedby={hintId}>
        <legend>Events</legend>
        <p id={hintId} className="hint">
          Choose none to receive every event, including ones added later.
        </p>
        {PIN_EVENTS.map((event) => (
          <CheckboxField
            key={event.name}
            label={`${event.label} (${event.name})`}
            checked={events.has(event.name)}
            onChange={(e) => toggle(event.name, e.target.checked)}
          />
        ))}
      </fieldset>
      <TextField
        label="Description (optional)"
        maxLength={200}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <p className="row">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </p>
    </form>
  );
}
