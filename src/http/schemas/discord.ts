import { type Static, Type } from 'typebox';
import { type DiscordGuild, MAX_STAFF_ROLES } from '../../domain/discord.js';
import { iso } from '../../domain/time.js';
import type { DiscordMessageBody } from '../../lib/discord-rest.js';
import { Timestamp } from './common.js';

/** A Discord snowflake (a server, role or user ID): 15 to 20 decimal digits, as Discord writes them. */
export const Snowflake = Type.String({
  pattern: '^[0-9]{15,20}$',
  description: 'A Discord ID (snowflake).',
  examples: ['1180000000000000001'],
});

export const GuildParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  guildId: Snowflake,
});

export const PutGuildBody = Type.Object(
  {
    staffRoleIds: Type.Array(Snowflake, {
      maxItems: MAX_STAFF_ROLES,
      description:
        'Members holding any of these roles are staff: they may use the staff commands (/scan, /cancel, /lookup, /risk, /ban, /warn, /note, /unban). Members with Manage Server always may.',
    }),
  },
  { additionalProperties: false },
);

export const GuildView = Type.Object({
  guildId: Snowflake,
  enterpriseId: Type.Integer(),
  staffRoleIds: Type.Array(Snowflake),
  connectedAt: Timestamp,
  updatedAt: Timestamp,
});

export const GuildList = Type.Object({ data: Type.Array(GuildView) });

export function presentGuild(guild: DiscordGuild) {
  return {
    guildId: guild.guildId,
    enterpriseId: guild.enterpriseId,
    staffRoleIds: guild.staffRoleIds,
    connectedAt: iso(guild.connectedAt),
    updatedAt: iso(guild.updatedAt),
  };
}

const Embed = Type.Object({
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  color: Type.Optional(Type.Integer()),
  fields: Type.Optional(
    Type.Array(
      Type.Object({ name: Type.String(), value: Type.String(), inline: Type.Optional(Type.Boolean()) }),
    ),
  ),
  footer: Type.Optional(Type.Object({ text: Type.String() })),
  timestamp: Type.Optional(Type.String()),
});

const Button = Type.Object({
  type: Type.Integer(),
  style: Type.Integer({ description: '5 is a link (`url`); the others carry a `custom_id`.' }),
  label: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  custom_id: Type.Optional(Type.String()),
});

/** A Discord message as the app sends it (Discord's "Message Object" fields that it uses). */
export const DiscordMessage = Type.Object({
  content: Type.Optional(Type.String()),
  embeds: Type.Optional(Type.Array(Embed)),
  components: Type.Optional(
    Type.Array(Type.Object({ type: Type.Integer(), components: Type.Array(Button) })),
  ),
  flags: Type.Optional(Type.Integer()),
});

/** A message as the app sends it, in the shape of the schema above (buttons are all it uses). */
export function presentDiscordMessage(body: DiscordMessageBody): Static<typeof DiscordMessage> {
  const field = <K extends string>(c: object, key: K) =>
    key in c ? ((c as Record<K, unknown>)[key] as string | number | undefined) : undefined;
  return {
    ...(body.content === undefined ? {} : { content: body.content }),
    ...(body.embeds === undefined ? {} : { embeds: body.embeds as Static<typeof DiscordMessage>['embeds'] }),
    ...(body.flags === undefined ? {} : { flags: body.flags }),
    ...(body.components === undefined
      ? {}
      : {
          components: body.components.map((row) => ({
            type: row.type,
            components: row.components.map((c) => ({
              type: c.type,
              style: Number(field(c, 'style') ?? 0),
              ...(field(c, 'label') === undefined ? {} : { label: String(field(c, 'label')) }),
              ...(field(c, 'url') === undefined ? {} : { url: String(field(c, 'url')) }),
              ...(field(c, 'custom_id') === undefined ? {} : { custom_id: String(field(c, 'custom_id')) }),
            })),
          })),
        }),
  };
}
