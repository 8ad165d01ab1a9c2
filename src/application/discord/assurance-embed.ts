import { type DiscordEmbed, escapeMarkdown, fitEmbed } from '@scanpin/client';
import type { Assurance, ScanClient } from '../../domain/assurance.js';

/** At most this many reasons are listed: the embed is a summary, the dashboard has them all. */
const REASONS_SHOWN = 3;
/**
 * One reason longer than this (escaped) is cut, so three always fit in one field (1,024 characters).
 * It is cut after escaping: a prefix of escaped text holds no unescaped markdown character.
 */
const REASON_CHARS = 300;

const LEVEL_WORDS = { high: 'High', medium: 'Medium', low: 'Low' } as const;

/** The scan client in words staff understand, as the dashboard names it. */
function clientWords(client: ScanClient): string {
  const named = client.name ?? client.version;
  switch (client.kind) {
    case 'official':
      return named === null ? 'official build' : `official build ${named}`;
    case 'third-party':
      return named === null ? 'registered third-party scanner' : `registered third-party scanner ${named}`;
    case 'development':
      return 'development copy run from source';
    case 'unverified':
      return 'unknown client';
  }
}

/** `text` on one line, at most `max` characters, ending in "…" when cut (never halving a surrogate pair). */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  if (flat.length <= max) return flat;
  let end = max - 1;
  const code = flat.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${flat.slice(0, end)}…`;
}

/**
 * A finished scan's embed with its assurance (docs/discord.md, "The scan message"): the level and
 * client under the result and, when it is not high, the first reasons in a field placed first, so
 * Discord's limits cut other fields before it. Every text is escaped as the SDK escapes findings
 * (a version string or reason comes from the player's machine and must not link or mention).
 * Scans finished before assurance was recorded keep the embed as it was.
 */
export function withAssurance(embed: DiscordEmbed, assurance: Assurance | null | undefined): DiscordEmbed {
  if (assurance === null || assurance === undefined) return embed;
  const line = `**Assurance:** ${LEVEL_WORDS[assurance.level]} (${escapeMarkdown(clientWords(assurance.client))})`;
  const [result, ...rest] = (embed.description ?? '').split('\n');
  const description = [result, line, ...rest].filter((l) => l !== undefined && l !== '').join('\n');
  const reasons = assurance.reasons;
  if (assurance.level === 'high' || reasons.length === 0) return fitEmbed({ ...embed, description });
  const shown = reasons.slice(0, REASONS_SHOWN).map((r) => `• ${oneLine(escapeMarkdown(r), REASON_CHARS)}`);
  const more = reasons.length - shown.length;
  const field = {
    name: `Why the assurance is ${assurance.level}`,
    value: [...shown, ...(more > 0 ? [`… and ${more} more in the dashboard`] : [])].join('\n'),
  };
  return fitEmbed({ ...embed, description, fields: [field, ...(embed.fields ?? [])] });
}
