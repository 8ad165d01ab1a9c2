import type { PinListFilters } from './types';

/**
 * Every react-query key the dashboard uses, in one place so a page and the live-events hook agree on
 * what to update or invalidate. Keys are arrays; invalidating a prefix (e.g. `queryKeys.pins.all`)
 * refreshes everything under it.
 */
export const queryKeys = {
  me: ['me'] as const,
  /** The operator page's data, read with the operator token (never a session). */
  operator: ['operator'] as const,
  scannerClients: ['operator', 'scanner-clients'] as const,
  authOptions: ['auth-options'] as const,
  passkeys: ['passkeys'] as const,
  enterprises: ['enterprises'] as const,
  members: (enterpriseId: number) => ['enterprises', enterpriseId, 'members'] as const,
  invites: (enterpriseId: number) => ['enterprises', enterpriseId, 'invites'] as const,
  discord: (enterpriseId: number) => ['enterprises', enterpriseId, 'discord'] as const,
  enterpriseSettings: (enterpriseId: number) => ['enterprises', enterpriseId, 'settings'] as const,
  audit: (enterpriseId: number, filters: { action: string; outcome: string }) =>
    ['enterprises', enterpriseId, 'audit', filters] as const,
  invitePreview: (token: string) => ['invite-preview', token] as const,
  pinSlots: ['pin-slots'] as const,
  pins: {
    all: ['pins'] as const,
    lists: ['pins', 'list'] as const,
    list: (filters: PinListFilters) => ['pins', 'list', filters] as const,
    detail: (code: string) => ['pins', 'detail', code.toUpperCase()] as const,
    timeline: (code: string) => ['pins', 'timeline', code.toUpperCase()] as const,
    shareLinks: (code: string) => ['pins', 'share-links', code.toUpperCase()] as const,
    discordMessage: (code: string) => ['pins', 'discord-message', code.toUpperCase()] as const,
  },
  player: (discordId: string) => ['players', discordId] as const,
  /** Under the player's key, so refreshing the player refreshes this too. */
  moderation: (discordId: string, enterpriseId: number | null) =>
    ['players', discordId, 'moderation', enterpriseId] as const,
  overview: (enterpriseId: number | null) => ['overview', enterpriseId] as const,
  keys: ['keys'] as const,
  webhooks: ['webhooks'] as const,
  webhook: (id: number) => ['webhooks', id] as const,
  deliveries: (webhookId: number) => ['webhooks', webhookId, 'deliveries'] as const,
  keywords: ['keywords'] as const,
  sessions: ['sessions'] as const,
};
