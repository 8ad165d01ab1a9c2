import type { InteractionOrigin } from '../../../application/discord/staff.js';
import { isSnowflake } from '../../../domain/discord.js';

/*
 * Reading Discord's interaction payload ("Interaction Object" in Discord's API documentation). It is
 * signed, so who sent it and from where are trusted; its shape is still checked, and anything this
 * app does not use is ignored rather than refused, since Discord adds fields over time.
 */

export const INTERACTION_TYPE = { ping: 1, command: 2, component: 3 } as const;

export interface ParsedInteraction {
  id: string;
  type: number;
  token: string;
  applicationId: string;
  origin: InteractionOrigin;
  /** For a slash command: its name, subcommand and options by name. */
  command?: {
    name: string;
    subcommand: string | null;
    options: Record<string, unknown>;
    /** Users the options named, as Discord resolved them. */
    users: Record<string, { id: string; username: string }>;
  };
  /** For a button press: the button's id. */
  customId?: string;
  /** For a button press: the ids of every button on the message it was pressed on. */
  messageCustomIds?: string[];
}

/** Every `custom_id` in a message's component tree (action rows hold buttons). */
function customIdsOf(components: unknown, found: string[] = []): string[] {
  if (!Array.isArray(components)) return found;
  for (const c of components) {
    if (!isObject(c)) continue;
    if (typeof c.custom_id === 'string') found.push(c.custom_id);
    customIdsOf(c.components, found);
  }
  return found;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function originOf(body: Record<string, unknown>): InteractionOrigin {
  const guildId = isSnowflake(body.guild_id) ? body.guild_id : null;
  const channelId = isSnowflake(body.channel_id) ? body.channel_id : null;
  const member = isObject(body.member) ? body.member : null;
  const user = member !== null && isObject(member.user) ? member.user : null;
  if (member === null || user === null || !isSnowflake(user.id)) return { guildId, channelId, member: null };
  return {
    guildId,
    channelId,
    member: {
      userId: user.id,
      username: text(user.global_name) ?? text(user.username) ?? user.id,
      roles: Array.isArray(member.roles) ? member.roles.filter(isSnowflake) : [],
      permissions: text(member.permissions) ?? '0',
    },
  };
}

function commandOf(data: Record<string, unknown>): ParsedInteraction['command'] {
  let options = Array.isArray(data.options) ? data.options.filter(isObject) : [];
  let subcommand: string | null = null;
  // A subcommand (type 1) carries the options inside it.
  const sub = options.find((o) => o.type === 1);
  if (sub !== undefined) {
    subcommand = text(sub.name);
    options = Array.isArray(sub.options) ? sub.options.filter(isObject) : [];
  }
  const byName: Record<string, unknown> = {};
  for (const o of options) if (typeof o.name === 'string') byName[o.name] = o.value;
  const users: Record<string, { id: string; username: string }> = {};
  const resolved = isObject(data.resolved) && isObject(data.resolved.users) ? data.resolved.users : {};
  for (const [id, u] of Object.entries(resolved)) {
    if (isSnowflake(id) && isObject(u))
      users[id] = { id, username: text(u.global_name) ?? text(u.username) ?? id };
  }
  return { name: text(data.name) ?? '', subcommand, options: byName, users };
}

/** The interaction, or undefined when the body is not one (never the case for Discord's own). */
export function parseInteraction(body: unknown): ParsedInteraction | undefined {
  if (!isObject(body) || typeof body.type !== 'number') return undefined;
  const id = text(body.id);
  const token = text(body.token);
  const applicationId = text(body.application_id);
  if (body.type === INTERACTION_TYPE.ping)
    return {
      id: id ?? '',
      type: body.type,
      token: token ?? '',
      applicationId: applicationId ?? '',
      origin: originOf(body),
    };
  if (id === null || token === null || applicationId === null) return undefined;
  const parsed: ParsedInteraction = { id, type: body.type, token, applicationId, origin: originOf(body) };
  const data = isObject(body.data) ? body.data : {};
  if (body.type === INTERACTION_TYPE.command) parsed.command = commandOf(data);
  if (body.type === INTERACTION_TYPE.component) {
    const customId = text(data.custom_id);
    if (customId !== null) parsed.customId = customId;
    parsed.messageCustomIds = customIdsOf(isObject(body.message) ? body.message.components : undefined);
  }
  return parsed;
}
