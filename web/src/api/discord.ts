import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';
import type { DiscordConnectCode, DiscordGuild, DiscordMessage, DiscordSettings } from './types';

/*
 * The built-in Discord app in the dashboard (docs/discord.md, "Connecting a server" and "The scan
 * message"), typed by hand from src/http/schemas/discord.ts.
 */

const base = (enterpriseId: number) => `/app/api/enterprises/${enterpriseId}/discord`;

/** The invite link and connected servers of an Enterprise the person owns. */
export function useDiscordSettings(enterpriseId: number) {
  return useQuery({
    queryKey: queryKeys.discord(enterpriseId),
    queryFn: ({ signal }) => request<DiscordSettings>(base(enterpriseId), { signal }),
  });
}

/** A one-time code for `/scanpin connect` (valid 30 minutes, shown once). */
export function useCreateConnectCode(enterpriseId: number) {
  return useMutation({
    mutationFn: () => request<DiscordConnectCode>(`${base(enterpriseId)}/connect-codes`, { method: 'POST' }),
  });
}

export function useSetStaffRoles(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ guildId, staffRoleIds }: { guildId: string; staffRoleIds: string[] }) =>
      request<DiscordGuild>(`${base(enterpriseId)}/guilds/${guildId}`, {
        method: 'PUT',
        body: { staffRoleIds },
      }),
    onSuccess: (saved) =>
      client.setQueryData<DiscordSettings>(queryKeys.discord(enterpriseId), (old) =>
        old ? { ...old, guilds: old.guilds.map((g) => (g.guildId === saved.guildId ? saved : g)) } : old,
      ),
  });
}

export function useDisconnectGuild(enterpriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guildId: string) =>
      request<void>(`${base(enterpriseId)}/guilds/${guildId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.discord(enterpriseId) }),
  });
}

/** The message the Discord app shows for a PIN, as drawn now; read only while `enabled` (shown). */
export function useDiscordMessage(code: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pins.discordMessage(code),
    queryFn: ({ signal }) =>
      request<DiscordMessage>(`/app/api/pins/${encodeURIComponent(code)}/discord-message`, { signal }),
    enabled,
  });
}
