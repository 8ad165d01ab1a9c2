import type { ReactNode } from 'react';
import type { DiscordButton, DiscordEmbed, DiscordMessage } from '../api/types';
import { formatDateTime } from './Time';

/*
 * A Discord message drawn the way Discord's client draws it, in its dark theme: the app's name with
 * the "APP" badge, the content, the embed with its colour bar, and the buttons (docs/discord.md, "The
 * scan message"). Everything is React text: nothing in the message is ever parsed as HTML.
 */

/** Discord's button style for a link (`url`); the other styles send an interaction to the app. */
const LINK_STYLE = 5;

/** Discord lets a backslash escape any character that is not a letter, a digit or white space. */
const ESCAPABLE = /[^0-9A-Za-z\s]/;

/** The index after the closing `**` of bold text opened at `from`, or -1 when it is never closed. */
function boldEnd(text: string, from: number): number {
  for (let j = from + 2; j < text.length; j++) {
    if (text[j] === '\\' && ESCAPABLE.test(text[j + 1] ?? '')) {
      j++;
      continue;
    }
    if (j > from + 2 && text.startsWith('**', j)) return j;
  }
  return -1;
}

/**
 * The part of Discord's markdown that scanpin's messages use: `**bold**`, `` `code` `` and `\*`
 * escapes; line breaks are kept by the stylesheet (`white-space: pre-wrap`). Anything else is text.
 */
export function discordMarkdown(text: string, allowBold = true): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  let key = 0;
  const flush = () => {
    if (plain !== '') out.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      plain += next;
      i += 2;
      continue;
    }
    if (c === '`') {
      // Inside code nothing is markdown, backslashes included.
      const fence = text.startsWith('``', i) ? '``' : '`';
      const end = text.indexOf(fence, i + fence.length);
      if (end > i + fence.length) {
        flush();
        out.push(<code key={key++}>{text.slice(i + fence.length, end)}</code>);
        i = end + fence.length;
        continue;
      }
    }
    if (allowBold && text.startsWith('**', i)) {
      const end = boldEnd(text, i);
      if (end > 0) {
        flush();
        out.push(<strong key={key++}>{discordMarkdown(text.slice(i + 2, end), false)}</strong>);
        i = end + 2;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}

/** `0xed4245` → `#ed4245`. */
export function colorHex(color: number): string {
  return `#${(color & 0xffffff).toString(16).padStart(6, '0')}`;
}

/**
 * How many of Discord's 12 columns each field takes: a field that is not inline takes a row of its
 * own; up to 3 inline fields in a row share it.
 */
export function fieldSpans(fields: ReadonlyArray<{ inline?: boolean }>): number[] {
  const spans = fields.map(() => 12);
  let i = 0;
  while (i < fields.length) {
    if (!fields[i]?.inline) {
      i++;
      continue;
    }
    let j = i;
    while (j < fields.length && fields[j]?.inline && j - i < 3) j++;
    for (let k = i; k < j; k++) spans[k] = 12 / (j - i);
    i = j;
  }
  return spans;
}

function Embed({ embed }: { embed: DiscordEmbed }) {
  const fields = embed.fields ?? [];
  const spans = fieldSpans(fields);
  const footer = [embed.footer?.text, embed.timestamp ? formatDateTime(embed.timestamp) : undefined]
    .filter((part): part is string => part !== undefined && part !== '')
    .join(' • ');
  return (
    <div
      className="discord-embed"
      // The colour is the message's own (the verdict's): set through the DOM, which the CSP allows.
      style={embed.color === undefined ? undefined : { borderLeftColor: colorHex(embed.color) }}
    >
      {embed.title ? (
        <div className="discord-embed-title discord-markdown">{discordMarkdown(embed.title)}</div>
      ) : null}
      {embed.description ? (
        <div className="discord-embed-description discord-markdown">{discordMarkdown(embed.description)}</div>
      ) : null}
      {fields.length > 0 ? (
        <div className="discord-embed-fields">
          {fields.map((field, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's fields never reorder.
            <div key={i} className={`discord-embed-field discord-field-span-${spans[i] ?? 12}`}>
              <div className="discord-embed-field-name discord-markdown">{discordMarkdown(field.name)}</div>
              <div className="discord-embed-field-value discord-markdown">{discordMarkdown(field.value)}</div>
            </div>
          ))}
        </div>
      ) : null}
      {footer ? <div className="discord-embed-footer">{footer}</div> : null}
    </div>
  );
}

function MessageButton({ button }: { button: DiscordButton }) {
  const label = button.label ?? '';
  if (button.style === LINK_STYLE && button.url) {
    return (
      <a className="discord-button" href={button.url} target="_blank" rel="noreferrer">
        {label}
        <span aria-hidden="true" className="discord-button-mark">
          ↗
        </span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  // Pressing it sends an interaction to the app: it works in Discord only.
  return (
    <button type="button" className="discord-button" disabled title="Works in Discord only">
      {label}
    </button>
  );
}

/** One message of the Discord app, as Discord shows it. */
export function DiscordMessagePreview({
  message,
  label = 'Discord message preview',
}: {
  message: DiscordMessage;
  label?: string;
}) {
  const rows = (message.components ?? []).filter((row) => row.components.length > 0);
  return (
    <figure className="discord-preview" aria-label={label}>
      <div className="discord-avatar" aria-hidden="true">
        S
      </div>
      <div className="discord-message">
        <div className="discord-header">
          <span className="discord-author">scanpin</span>
          <span className="discord-app-badge">APP</span>
        </div>
        {message.content ? (
          <div className="discord-content discord-markdown">{discordMarkdown(message.content)}</div>
        ) : null}
        {(message.embeds ?? []).map((embed, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's embeds never reorder.
          <Embed key={i} embed={embed} />
        ))}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's rows never reorder.
          <div key={i} className="discord-buttons">
            {row.components.map((button, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's buttons never reorder.
              <MessageButton key={j} button={button} />
            ))}
          </div>
        ))}
      </div>
    </figure>
  );
}
