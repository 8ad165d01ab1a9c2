import { useState } from 'react';
import { useDiscordMessage } from '../../api/discord';
import { DiscordMessagePreview, ErrorState, Loading } from '../../components';

/**
 * "Discord message": the message the built-in Discord app shows for this PIN now (docs/discord.md,
 * "The scan message"), behind a disclosure and read only once opened.
 */
export function DiscordPanel({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  const message = useDiscordMessage(code, open);

  return (
    <section className="card discord-panel" aria-labelledby="discord-message-title">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2 id="discord-message-title">Discord message</h2>
        </summary>
        <div className="stack">
          <p className="muted">What the Discord app shows for this PIN (docs/discord.md)</p>
          {!open ? null : message.isPending ? (
            <Loading label="Loading the Discord message…" />
          ) : message.isError ? (
            <ErrorState error={message.error} onRetry={() => void message.refetch()} />
          ) : (
            <DiscordMessagePreview message={message.data} />
          )}
        </div>
      </details>
    </section>
  );
}
