import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, queryString, request } from './client';
import { queryKeys } from './query-keys';
import type { BanInput, ModerationEntry, PlayerModeration } from './types';

/*
 * Bans, warnings and notes from the player page (docs/dashboard.md, "The pages": Players, Moderation).
 * `enterpriseId` is the Enterprise chosen in the header; without one the server takes the one the
 * person owns, or else the first where their role may moderate.
 */

const playerPath = (discordId: string, what: string, enterpriseId: number | null) =>
  `/app/api/players/${encodeURIComponent(discordId)}/${what}${queryString({ enterpriseId })}`;

export function usePlayerModeration(discordId: string, enterpriseId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.moderation(discordId, enterpriseId),
    queryFn: ({ signal }) =>
      request<PlayerModeration>(playerPath(discordId, 'moderation', enterpriseId), { signal }),
    enabled,
  });
}

/**
 * A ban, warning, lift or note changes the player's whole page (the lookup's bans, `isBanned`, the
 * status and the score) as well as the entries: refresh everything under the player's key (the
 * entries' key is under it). The mutation stays pending until the page has its new answers, so a
 * closed dialog never shows the old status.
 */
function useRefreshPlayer(discordId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.player(discordId) });
}

/**
 * A refusal for the role (`role_not_allowed`: the person's role changed since the page loaded) also
 * refreshes the roles and the panel, so its buttons go; the dialog keeps the server's words.
 */
function useRefreshRoles(discordId: string) {
  const client = useQueryClient();
  return (error: unknown) => {
    if (!isApiError(error, 'role_not_allowed')) return;
    void client.invalidateQueries({ queryKey: queryKeys.enterprises });
    void client.invalidateQueries({ queryKey: queryKeys.player(discordId) });
  };
}

export function useBanPlayer(discordId: string, enterpriseId: number | null) {
  const refresh = useRefreshPlayer(discordId);
  const refused = useRefreshRoles(discordId);
  return useMutation({
    mutationFn: (input: BanInput) =>
      request<ModerationEntry>(playerPath(discordId, 'bans', enterpriseId), { method: 'POST', body: input }),
    onSuccess: refresh,
    onError: refused,
  });
}

export function useAddNote(discordId: string, enterpriseId: number | null) {
  const refresh = useRefreshPlayer(discordId);
  const refused = useRefreshRoles(discordId);
  return useMutation({
    mutationFn: (text: string) =>
      request<ModerationEntry>(playerPath(discordId, 'notes', enterpriseId), {
        method: 'POST',
        body: { text },
      }),
    onSuccess: refresh,
    onError: refused,
  });
}

/** Lifts one of the Enterprise's own bans or warnings; lifting twice answers the same. */
export function useLiftBan(discordId: string) {
  const refresh = useRefreshPlayer(discordId);
  const refused = useRefreshRoles(discordId);
  return useMutation({
    mutationFn: (banId: number) =>
      request<ModerationEntry>(`/app/api/bans/${banId}/lift`, { method: 'POST' }),
    onSuccess: refresh,
    onError: refused,
  });
}
