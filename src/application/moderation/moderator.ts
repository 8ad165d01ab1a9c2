import type { AuditActor } from '../../domain/audit.js';
import { type EntryStatus, entryStatus } from '../../domain/moderation.js';
import type { RoleAction } from '../../domain/roles.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { ModerationEntry } from '../../storage/repositories/moderation.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { authorizeRole, roleRefusal, type Standing } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/*
 * Who moderates, for which Enterprise, and on which players (docs/roles.md, "Moderation"): the
 * dashboard and the Discord app both end up with a Moderator, and the use cases beside this file
 * take it.
 */

/** Staff acting for an Enterprise, as its entries and the audit trail name them. */
export interface Moderator {
  enterprise: { id: number; name: string };
  actor: AuditActor;
  /** The staff member's account, which signs the entry (null through the Discord app). */
  accountId: number | null;
  /** The staff member's Discord name, which signs the entry when no account does. */
  staffName: string | null;
}

/** An entry as of now: its status, which a ban's expiry changes with the clock. */
export type EntryView = ModerationEntry & { status: EntryStatus };

export function viewOf(entry: ModerationEntry, now: number): EntryView {
  return { ...entry, status: entryStatus(entry, now) };
}

/**
 * The Enterprise a signed-in person moderates in: the one they chose, or else the active one they
 * own, or else the first active one whose role may moderate, or else the first active one. Their role
 * there must allow `action` (role_not_allowed); an Enterprise they are not in is as good as missing.
 */
export async function dashboardStanding(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number | undefined,
  action: RoleAction,
): Promise<Standing> {
  let chosen = enterpriseId;
  if (chosen === undefined) {
    const owned = await ctx.repos.enterprises.activeOwnedBy(caller.accountId);
    const active = (await ctx.repos.enterprises.membershipsOf(caller.accountId)).filter(
      (m) => m.enterprise.active,
    );
    const moderating = active.find((m) => roleRefusal(m.role, 'player.moderate') === null);
    chosen = owned?.id ?? moderating?.enterprise.id ?? active[0]?.enterprise.id;
    if (chosen === undefined) refuse({ code: 'enterprise_not_found', enterpriseId: null });
  }
  return authorizeRole(ctx, caller.accountId, chosen, action);
}

/**
 * Staff about to act for an Enterprise: who they are, known once they are authenticated, and how to
 * find them as its moderator (the Enterprise chosen, their role there checked). The use cases resolve
 * it inside their `auditRefusals`, so a role or an Enterprise refused is in the trail too
 * (docs/audit.md, "Refusals").
 */
export interface ModeratorClaim {
  actor: AuditActor;
  resolve: () => Promise<Moderator>;
}

/** A signed-in person, to moderate in an Enterprise where their role may. */
export function dashboardModerator(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number | undefined,
): ModeratorClaim {
  return {
    actor: sessionActor(caller),
    resolve: async () => {
      const { enterprise } = await dashboardStanding(ctx, caller, enterpriseId, 'player.moderate');
      return {
        enterprise: { id: enterprise.id, name: enterprise.name },
        actor: sessionActor(caller),
        accountId: caller.accountId,
        staffName: null,
      };
    },
  };
}

/**
 * Whether the Enterprise can see the player, and the player's profile if they have one: a shared
 * profile, or a record of the Enterprise's own (a report of its, or a ban, warning or note of its
 * staff, which retention keeps after the reports go: docs/privacy.md, "Retention"). The one rule for
 * the moderation panel's `known` and for what staff may add (docs/roles.md, "Moderation").
 */
export async function seenPlayer(
  repos: Pick<TransactionRepositories, 'players' | 'moderation'>,
  enterpriseId: number,
  discordId: string,
): Promise<{ userId: number | null; known: boolean }> {
  const user = await repos.players.findUser(discordId);
  if (user !== undefined) return { userId: user.id, known: true };
  return { userId: null, known: await repos.moderation.hasOwnRecord(enterpriseId, discordId) };
}

/**
 * The player's profile, if they have one, for staff about to act on them. Refuses
 * (scanned_user_not_found, saying what to do) when the Enterprise cannot see them (seenPlayer): staff
 * moderate players they know, never any Discord ID typed in.
 */
export async function knownPlayer(
  repos: Pick<TransactionRepositories, 'players' | 'moderation'>,
  enterprise: { id: number; name: string },
  discordId: string,
): Promise<{ userId: number | null }> {
  const { userId, known } = await seenPlayer(repos, enterprise.id, discordId);
  if (!known) refuse({ code: 'scanned_user_not_found', discordId, enterpriseName: enterprise.name });
  return { userId };
}
