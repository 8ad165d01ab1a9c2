import { sql } from 'kysely';
import type { DiscordGuild } from '../../domain/discord.js';
import type { Db } from '../database.js';
import { isUniqueViolation } from '../errors.js';

export type { DiscordGuild } from '../../domain/discord.js';

/** A PIN's live message: where it is, how it may be edited, and what it showed last. */
export interface ScanMessage {
  pinId: number;
  guildId: string;
  channelId: string;
  interactionTokenSealed: string | null;
  tokenExpiresAt: number;
  botMessageId: string | null;
  sentRevision: number;
  attempts: number;
}

interface GuildRow {
  guild_id: string;
  enterprise_id: number;
  staff_role_ids: string;
  connected_at: number | string;
  updated_at: number | string;
}

function guildOf(row: GuildRow): DiscordGuild {
  return {
    guildId: row.guild_id,
    enterpriseId: row.enterprise_id,
    staffRoleIds: JSON.parse(row.staff_role_ids) as string[],
    connectedAt: Number(row.connected_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The server is connected to another Enterprise already. */
export class GuildTaken extends Error {
  constructor(readonly enterpriseId: number) {
    super('the Discord server is connected to another Enterprise');
  }
}

/** Connected servers, connect codes and the outbox of scan messages. */
export function discordRepository(db: Db) {
  return {
    async findGuild(guildId: string): Promise<DiscordGuild | undefined> {
      const row = await db
        .selectFrom('discord_guilds')
        .selectAll()
        .where('guild_id', '=', guildId)
        .executeTakeFirst();
      return row === undefined ? undefined : guildOf(row);
    },

    async listGuilds(enterpriseId: number): Promise<DiscordGuild[]> {
      const rows = await db
        .selectFrom('discord_guilds')
        .selectAll()
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('connected_at')
        .orderBy('guild_id')
        .execute();
      return rows.map(guildOf);
    },

    /**
     * Connects `guildId` to `enterpriseId` with these staff roles, or updates the roles when it is
     * connected to it already; refuses with GuildTaken when another Enterprise has it.
     */
    async connectGuild(input: {
      guildId: string;
      enterpriseId: number;
      staffRoleIds: readonly string[] | null;
      now: number;
    }): Promise<{ guild: DiscordGuild; created: boolean }> {
      const existing = await this.findGuild(input.guildId);
      if (existing !== undefined && existing.enterpriseId !== input.enterpriseId)
        throw new GuildTaken(existing.enterpriseId);
      if (existing !== undefined) {
        if (input.staffRoleIds === null) return { guild: existing, created: false };
        await db
          .updateTable('discord_guilds')
          .set({ staff_role_ids: JSON.stringify(input.staffRoleIds), updated_at: input.now })
          .where('guild_id', '=', input.guildId)
          .execute();
        return {
          guild: { ...existing, staffRoleIds: [...input.staffRoleIds], updatedAt: input.now },
          created: false,
        };
      }
      try {
        await db
          .insertInto('discord_guilds')
          .values({
            guild_id: input.guildId,
            enterprise_id: input.enterpriseId,
            staff_role_ids: JSON.stringify(input.staffRoleIds ?? []),
            connected_at: input.now,
            updated_at: input.now,
          })
          .execute();
      } catch (err) {
        // Another connect of the same server committed first: decide again on what it wrote.
        if (isUniqueViolation(err)) {
          const winner = await this.findGuild(input.guildId);
          if (winner !== undefined && winner.enterpriseId !== input.enterpriseId)
            throw new GuildTaken(winner.enterpriseId);
          if (winner !== undefined) return { guild: winner, created: false };
        }
        throw err;
      }
      return {
        guild: {
          guildId: input.guildId,
          enterpriseId: input.enterpriseId,
          staffRoleIds: [...(input.staffRoleIds ?? [])],
          connectedAt: input.now,
          updatedAt: input.now,
        },
        created: true,
      };
    },

    /** Disconnects the server from the Enterprise; false when it was not connected to it. */
    async disconnectGuild(guildId: string, enterpriseId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('discord_guilds')
        .where('guild_id', '=', guildId)
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async createConnectCode(input: {
      codeHash: string;
      enterpriseId: number;
      accountId: number | null;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db
        .insertInto('discord_connect_codes')
        .values({
          code_hash: input.codeHash,
          enterprise_id: input.enterpriseId,
          created_by_account_id: input.accountId,
          created_at: input.now,
          expires_at: input.expiresAt,
          used_at: null,
          used_guild_id: null,
        })
        .execute();
    },

    /**
     * Spends a live, unused code: the Enterprise it was made for, or undefined. One statement, so
     * two servers racing for one code cannot both have it.
     */
    async spendConnectCode(codeHash: string, guildId: string, now: number): Promise<number | undefined> {
      const row = await db
        .updateTable('discord_connect_codes')
        .set({ used_at: now, used_guild_id: guildId })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('enterprise_id')
        .executeTakeFirst();
      return row?.enterprise_id;
    },

    /** Starts following a PIN in Discord; its first answer shows `shownRevision`. */
    async addScanMessage(input: {
      pinId: number;
      guildId: string;
      channelId: string;
      interactionTokenSealed: string;
      tokenExpiresAt: number;
      shownRevision: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('discord_scan_messages')
        .values({
          pin_id: input.pinId,
          guild_id: input.guildId,
          channel_id: input.channelId,
          interaction_token_sealed: input.interactionTokenSealed,
          token_expires_at: input.tokenExpiresAt,
          bot_message_id: null,
          sent_revision: input.shownRevision,
          done_at: null,
          next_attempt_at: input.now,
          last_error: null,
          created_at: input.now,
        })
        .execute();
    },

    /**
     * Claims up to `limit` messages that are due (their PIN moved past what they showed), each for
     * `holdMs`, so two instances
     * never edit one message at once. The state shown is read afresh when the edit is made.
     */
    async claimDueScanMessages(now: number, limit: number, holdMs: number): Promise<ScanMessage[]> {
      const rows = await db
        .selectFrom('discord_scan_messages as m')
        .innerJoin('pins as p', 'p.id', 'm.pin_id')
        .select([
          'm.pin_id',
          'm.guild_id',
          'm.channel_id',
          'm.interaction_token_sealed',
          'm.token_expires_at',
          'm.bot_message_id',
          'm.sent_revision',
          'm.attempts',
        ])
        .where('m.done_at', 'is', null)
        .where('m.next_attempt_at', '<=', now)
        .where('m.claimed_until', '<=', now)
        // Expiry and idle timeouts are written by the sweeper, so they move the revision too.
        .whereRef('p.revision', '>', 'm.sent_revision')
        .orderBy('m.next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ScanMessage[] = [];
      for (const row of rows) {
        const result = await db
          .updateTable('discord_scan_messages')
          .set({ claimed_until: now + holdMs })
          .where('pin_id', '=', row.pin_id)
          .where('claimed_until', '<=', now)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
        claimed.push({
          pinId: row.pin_id,
          guildId: row.guild_id,
          channelId: row.channel_id,
          interactionTokenSealed: row.interaction_token_sealed,
          tokenExpiresAt: Number(row.token_expires_at),
          botMessageId: row.bot_message_id,
          sentRevision: row.sent_revision,
          attempts: row.attempts,
        });
      }
      return claimed;
    },

    /** The message now shows `revision`; `final` ends following it. Next edit no sooner than `nextAt`. */
    async scanMessageSent(input: {
      pinId: number;
      revision: number;
      final: boolean;
      botMessageId: string | null;
      nextAt: number;
      now: number;
    }): Promise<void> {
      await db
        .updateTable('discord_scan_messages')
        .set({
          sent_revision: input.revision,
          bot_message_id: input.botMessageId,
          done_at: input.final ? input.now : null,
          next_attempt_at: input.nextAt,
          claimed_until: 0,
          attempts: 0,
          last_error: null,
        })
        .where('pin_id', '=', input.pinId)
        .execute();
    },

    /** The message must be drawn again whatever it showed (its first answer was deferred). */
    async markScanMessageDue(pinId: number, now: number): Promise<void> {
      await db
        .updateTable('discord_scan_messages')
        .set({ sent_revision: -1, next_attempt_at: now })
        .where('pin_id', '=', pinId)
        .where('done_at', 'is', null)
        .execute();
    },

    /** Discord did not take the edit: tried again at `nextAt`; `tokenGone` stops using the interaction token. */
    async scanMessageFailed(input: {
      pinId: number;
      error: string;
      nextAt: number;
      tokenGone: boolean;
      botMessageGone: boolean;
    }): Promise<void> {
      await db
        .updateTable('discord_scan_messages')
        .set({
          attempts: sql<number>`attempts + 1`,
          last_error: input.error.slice(0, 500),
          next_attempt_at: input.nextAt,
          claimed_until: 0,
          ...(input.tokenGone ? { interaction_token_sealed: null, token_expires_at: 0 } : {}),
          ...(input.botMessageGone ? { bot_message_id: null } : {}),
        })
        .where('pin_id', '=', input.pinId)
        .execute();
    },

    /** For tests and operators: a PIN's message row as stored. */
    async findScanMessage(pinId: number) {
      return db
        .selectFrom('discord_scan_messages')
        .selectAll()
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
    },
  };
}

export type DiscordRepository = ReturnType<typeof discordRepository>;
