import type { EvidenceDocument } from '../../domain/evidence.js';

/**
 * How an erased person shows in the reports that stay with their PINs' owners (docs/privacy.md,
 * "Erasure"): the `discord` entry keeps its published shape, `{ id: string, username: string }`,
 * with both values the literal "erased", so clients that read the field keep working and nobody can
 * tell who it was. Several erased accounts in one report each show as one such entry.
 */
export const ERASED_ACCOUNT = { id: 'erased', username: 'erased' } as const;

interface DiscordEntry {
  id: string;
  username: string;
}

function isEntry(value: unknown): value is DiscordEntry {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** A report's `discord` list with `discordId`'s entries replaced by the erased marker. */
export function eraseFromAccounts(list: readonly DiscordEntry[], discordId: string): DiscordEntry[] {
  return list.map((entry) => (entry.id === discordId ? { ...ERASED_ACCOUNT } : entry));
}

/**
 * Any JSON (a stored webhook event's payload) with every `discord` list in it erased of `discordId`:
 * the status body an event carries has the same list as the report it was made from.
 */
export function eraseFromJson(value: unknown, discordId: string): unknown {
  if (Array.isArray(value)) return value.map((v) => eraseFromJson(v, discordId));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === 'discord' && Array.isArray(v) && v.every(isEntry)
        ? eraseFromAccounts(v, discordId)
        : eraseFromJson(v, discordId),
    ]),
  );
}

/**
 * An evidence document with `discordId`'s accounts on the machine shown as erased, in the same way;
 * which Discord client held the account stays, as it says nothing of who it was.
 */
export function eraseFromEvidence(doc: EvidenceDocument, discordId: string): EvidenceDocument {
  const accounts = doc.sources.discord.accounts.map((a) =>
    a.id === discordId ? { ...a, ...ERASED_ACCOUNT } : a,
  );
  return { ...doc, sources: { ...doc.sources, discord: { ...doc.sources.discord, accounts } } };
}
