import { sql } from 'kysely';
import type { DiscordGuild } from '../../domain/discord.js';
import type { Db } from '../database.js';

export type { DiscordGuild } from '../../domain/discord.js';

/** A PIN's live message, as claimed: where it is, how it may be edited, and what it showed last. */
export interface ScanMessage {
  pinId: number;
  guildId: string;
  channelId: string;
  playerDiscordId: string | null;
  interactionTokenSealed: string | null;
  tokenExpiresAt: number;
  botMessageId: string | null;
  sentRevision: number;
  attempts: number;
  createdAt: number;
  claimToken: string;
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
      /** Only change a server already connected to the Enterprise: never connect it (a disconnect may have just happened). */
      onlyIfConnected?: boolean;
    }): Promise<{ guild: DiscordGuild; created: boolean } | undefined> {
      const existing = await this.findGuild(input.guildId);
      if (input.onlyIfConnected === true && existing?.enterpriseId !== input.enterpriseId) return undefined;
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
      // A connect of the same server committing first makes this insert do nothing (no error, which
      // would end a PostgreSQL transaction); then decide on what it wrote.
      const inserted = await db
        .insertInto('discord_guilds')
        .values({
          guild_id: input.guildId,
          enterprise_id: input.enterpriseId,
          staff_role_ids: JSON.stringify(input.staffRoleIds ?? []),
          connected_at: input.now,
          updated_at: input.now,
        })
        .onConflict((oc) => oc.column('guild_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        const winner = await this.findGuild(input.guildId);
        if (winner === undefined)
          throw new Error(`Discord server ${input.guildId} vanished while connecting`);
        if (winner.enterpriseId !== input.enterpriseId) throw new GuildTaken(winner.enterpriseId);
        return { guild: winner, created: false };
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

    /**
     * Starts following a PIN in Discord. It is due at `dueAt` whatever its first answer showed: that
     * answer may never have reached Discord (late, or the instance died), and the first edit makes sure.
     */
    async addScanMessage(input: {
      pinId: number;
      guildId: string;
      channelId: string;
      playerDiscordId: string | null;
      interactionTokenSealed: string;
      tokenExpiresAt: number;
      dueAt: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('discord_scan_messages')
        .values({
          pin_id: input.pinId,
          guild_id: input.guildId,
          channel_id: input.channelId,
          player_discord_id: input.playerDiscordId,
          interaction_token_sealed: input.interactionTokenSealed,
          token_expires_at: input.tokenExpiresAt,
          bot_message_id: null,
          done_at: null,
          next_attempt_at: input.dueAt,
          claim_token: null,
          last_error: null,
          created_at: input.now,
        })
        .execute();
    },

    /** The message of a PIN as followed in Discord: which server it is in, and the player it names. */
    async findScanMessageOf(
      pinId: number,
    ): Promise<{ guildId: string; playerDiscordId: string | null } | undefined> {
      const row = await db
        .selectFrom('discord_scan_messages')
        .select(['guild_id', 'player_discord_id'])
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { guildId: row.guild_id, playerDiscordId: row.player_discord_id };
    },

    /**
     * Claims up to `limit` messages that are due (their PIN moved past what they showed), each for
     * `holdMs` under `claimToken`, so two instances never edit one message at once and a claim that ran
     * out cannot record over its successor's. The state shown is read afresh when the edit is made.
     */
    async claimDueScanMessages(
      now: number,
      limit: number,
      holdMs: number,
      claimToken: string,
    ): Promise<ScanMessage[]> {
      const rows = await db
        .selectFrom('discord_scan_messages as m')
        .innerJoin('pins as p', 'p.id', 'm.pin_id')
        .select([
          'm.pin_id',
          'm.guild_id',
          'm.channel_id',
          'm.player_discord_id',
          'm.interaction_token_sealed',
          'm.token_expires_at',
          'm.bot_message_id',
          'm.sent_revision',
          'm.attempts',
          'm.created_at',
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
          .set({ claimed_until: now + holdMs, claim_token: claimToken })
          .where('pin_id', '=', row.pin_id)
          .where('claimed_until', '<=', now)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
        claimed.push({
          pinId: row.pin_id,
          guildId: row.guild_id,
          channelId: row.channel_id,
          playerDiscordId: row.player_discord_id,
          interactionTokenSealed: row.interaction_token_sealed,
          tokenExpiresAt: Number(row.token_expires_at),
          botMessageId: row.bot_message_id,
          sentRevision: row.sent_revision,
          attempts: row.attempts,
          createdAt: Number(row.created_at),
          claimToken,
        });
      }
      return claimed;
    },

    /** The bot's own message was posted: kept at once, so no later claim posts a second one. */
    async botMessagePosted(pinId: number, claimToken: string, botMessageId: string): Promise<void> {
      await db
        .updateTable('discord_scan_messages')
        .set({ bot_message_id: botMessageId })
        .where('pin_id', '=', pinId)
        .where('claim_token', '=', claimToken)
        .execute();
    },

    /**
     * The message now shows `revision` (never lowered); `final` ends following it and drops the
     * interaction token. Next edit no sooner than `nextAt`. Only under the claim that sent it.
     */
    async scanMessageSent(input: {
      pinId: number;
      claimToken: string;
      revision: number;
      final: boolean;
      nextAt: number;
      now: number;
    }): Promise<void> {
      await db
        .updateTable('discord_scan_messages')
        .set({
          sent_revision: sql<number>`case when sent_revision > ${input.revision} then sent_revision else ${input.revision} end`,
          ...(input.final ? { done_at: input.now, interaction_token_sealed: null } : {}),
          next_attempt_at: input.nextAt,
          claimed_until: 0,
          claim_token: null,
          attempts: 0,
          last_error: null,
        })
        .where('pin_id', '=', input.pinId)
        .where('claim_token', '=', input.claimToken)
        .execute();
    },

    /**
     * Discord did not take the edit: tried again at `nextAt`; `tokenGone` stops using the interaction
     * token, `botMessageGone` the bot's message.
     */
    async scanMessageFailed(input: {
      pinId: number;
      claimToken: string;
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
          claim_token: null,
          ...(input.tokenGone ? { interaction_token_sealed: null, token_expires_at: 0 } : {}),
          ...(input.botMessageGone ? { bot_message_id: null } : {}),
        })
        .where('pin_id', '=', input.pinId)
        .where('claim_token', '=', input.claimToken)
        .execute();
    },

    /** The message must be drawn now whatever it showed (its first answer was deferred). */
    async markScanMessageDue(pinId: number, now: number): Promise<void> {
      await db
        .updateTable('discord_scan_messages')
        .set({ sent_revision: -1, next_attempt_at: now })
        .where('pin_id', '=', pinId)
        .where('done_at', 'is', null)
        .execute();
    },

    /**
     * Records that an interaction was answered; false when any instance already had it (a replay).
     * `seenAt` is the moment its memory counts from (the later of its arrival and its signed
     * timestamp, which every instance forgets by the same rule); ids older than `forgetBefore` are
     * dropped on the way: their signatures are stale anyway.
     */
    async firstSightOfInteraction(id: string, seenAt: number, forgetBefore: number): Promise<boolean> {
      await db.deleteFrom('discord_interactions_seen').where('seen_at', '<', forgetBefore).execute();
      const inserted = await db
        .insertInto('discord_interactions_seen')
        .values({ interaction_id: id, seen_at: seenAt })
        .onConflict((oc) => oc.column('interaction_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /**
     * An erased player (docs/privacy.md, "Export and erasure"): the messages that name them stop
     * naming them, and the PINs `/scan` named after them lose that name.
     */
    async forgetPlayer(discordId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('discord_scan_messages')
        .select('pin_id')
        .where('player_discord_id', '=', discordId)
        .execute();
      const pinIds = rows.map((r) => r.pin_id);
      if (pinIds.length === 0) return [];
      await db.updateTable('pins').set({ pin_name: null }).where('id', 'in', pinIds).execute();
      await db
        .updateTable('discord_scan_messages')
        .set({ player_discord_id: null })
        .where('player_discord_id', '=', discordId)
        .execute();
      // Messages still followed are drawn again without the name; posted ones are Discord's to keep.
      await db
        .updateTable('discord_scan_messages')
        .set({ sent_revision: -1, next_attempt_at: 0 })
        .where('pin_id', 'in', pinIds)
        .where('done_at', 'is', null)
        .execute();
      return pinIds;
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
