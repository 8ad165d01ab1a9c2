import { checkActivePinLimit } from '../../domain/active-pin-limit.js';
import type { AuditActor } from '../../domain/audit.js';
import type { GameType } from '../../domain/game-types.js';
import type { Pin } from '../../domain/pin.js';
import type { PinCreatingRole } from '../../domain/roles.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import { PinCodeTaken } from '../../storage/repositories/pins.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { type AccountCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { sightingOf } from '../scans/scan-network.js';
import { lifecycleSettings } from '../settings.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { roleQuotas } from './role-quotas.js';
import { timelineRows } from './timeline.js';

/** An account allowed to create PINs, and the Enterprise they are created under. */
export interface PinCreator {
  accountId: number;
  enterprise: { id: number; name: string };
  /** Who the audit trail names: the key or the session (docs/audit.md). */
  actor: AuditActor;
  /**
   * Set when staff create it through the dashboard or Discord: it counts against this role's quota
   * in the Enterprise instead of the account's MAX_ACTIVE_PINS (docs/roles.md, "PIN quotas").
   */
  staffRole?: PinCreatingRole;
}

export interface NewPinInput {
  type: GameType;
  name: string | null;
  ramDump: boolean;
  private: boolean;
  /**
   * The player the staff named, when they did: a report about this account counts for every
   * community once the scan also finds it on the machine (docs/risk-score.md, "Whose scan it is").
   */
  player?: { discordId: string; username: string | null } | null;
  /**
   * The address the game server or bot sees the player connect from: only its network's keyed hash,
   * country and ASN are kept, to compare with the scan's (docs/scanner.md, "Where the scan ran").
   */
  playerAddress?: string | null;
}

/** A code collision is about 1 in 10^12 per existing PIN; a few draws always suffice. */
const CODE_ATTEMPTS = 5;

/**
 * Who may create PINs (docs/api.md, "Authentication"): a live, unbanned account that owns an active Enterprise. Checked
 * before the body is read, since the published order puts these refusals ahead of invalid_body. The
 * caller is an API key's (POST /v1/pins/create) or a signed-in person's (the dashboard) account.
 */
export async function authorizePinCreation(ctx: UseCaseContext, caller: AccountCaller): Promise<PinCreator> {
  const account = liveAccountOf(caller);
  if (account.banned) refuse({ code: 'account_banned' });
  const enterprise = await ctx.repos.enterprises.activeOwnedBy(account.id);
  if (enterprise === undefined) refuse({ code: 'not_enterprise_owner', action: 'create_pin' });
  return {
    accountId: account.id,
    enterprise: { id: enterprise.id, name: enterprise.name },
    actor: actorOf(caller),
  };
}

/**
 * Creates a pending PIN within the active-PIN limit, which holds under concurrent creates. `also`
 * writes in the same transaction what must exist with the PIN (a Discord scan's message).
 */
export async function createPin(
  ctx: UseCaseContext,
  creator: PinCreator,
  input: NewPinInput,
  also?: (repos: TransactionRepositories, pin: Pin) => Promise<void>,
): Promise<Pin> {
  const settings = lifecycleSettings(ctx.config);
  const staffRole = creator.staffRole;
  const max =
    staffRole === undefined
      ? ctx.config.maxActivePins
      : (await roleQuotas(ctx, creator.enterprise.id))[staffRole];
  const gameNetwork = input.playerAddress ? await sightingOf(ctx, input.playerAddress) : null;
  for (let attempt = 1; ; attempt++) {
    const now = ctx.clock();
    try {
      const created = await ctx.transaction(async (repos) => {
        if (staffRole === undefined) {
          await repos.pins.lockAccount(creator.accountId);
          const open = await repos.pins.openStates(creator.accountId, now);
          if (!checkActivePinLimit(open, max, now, settings).ok)
            refuse({ code: 'active_pin_limit', limit: max });
        } else {
          await repos.pins.lockEnterprise(creator.enterprise.id);
          const open = await repos.pins.openStaffStates(creator.enterprise.id, staffRole, now);
          if (!checkActivePinLimit(open, max, now, settings).ok)
            refuse({ code: 'active_pin_limit', limit: max, role: staffRole });
        }
        const pin = await repos.pins.insert({
          code: ctx.newPinCode(),
          accountId: creator.accountId,
          enterpriseId: creator.enterprise.id,
          type: input.type,
          name: input.name,
          ramDump: input.ramDump,
          private: input.private,
          createdAt: now,
          expiresAt: now + settings.ttlMs,
          staffRole: staffRole ?? null,
        });
        // In the same transaction: an acknowledged PIN always has its pin.created event.
        await repos.webhooks.record(pinEvent(pin, null, pin.state, null, now));
        for (const row of timelineRows(pin, null, pin.state)) await repos.pinTimeline.append(row);
        // Never the code: it is what lets a scan start (docs/audit.md).
        await recordAudit(repos, {
          actor: creator.actor,
          action: 'pin.create',
          resource: { type: 'pin', id: pin.id },
          enterpriseId: creator.enterprise.id,
          at: now,
          detail: {
            type: input.type,
            private: input.private,
            ...(staffRole === undefined ? {} : { role: staffRole }),
          },
        });
        if (input.player) await repos.reportProvenance.name(pin.id, input.player);
        if (gameNetwork) await repos.scanNetworks.record(pin.id, 'game-connection', gameNetwork, now);
        await also?.(repos, pin);
        return pin;
      });
      // After the commit, so a follower that re-reads finds it (the dashboard's live list).
      ctx.pinChanges.publish(created.id);
      return created;
    } catch (err) {
      if (err instanceof PinCodeTaken && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
  }
}
