import type { EvidenceDocument } from '../../domain/evidence.js';
import type { ErasureCounts } from '../../storage/repositories/privacy.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { recordPrivacyAction } from './audit-entry.js';
import { eraseFromAccounts, eraseFromEvidence, eraseFromJson } from './erased-account.js';

export interface ErasureResult extends ErasureCounts {
  erasedAt: number;
}

/**
 * Erases one scanned person (docs/privacy.md, "Erasure"), in one transaction: their profile, hardware
 * links, bans, reasons and name sets go, and every Enterprise's bans, warnings and notes on them; the reports and stored webhook events that named them stay
 * for the PINs' owners with the account shown as erased; other people's alt-account notes naming them
 * go, and since their links are gone no related-accounts list shows them. Other people's counters are
 * over the scans on their own hardware, which all stay, so their risk scores still add up. The audit
 * entry records that an erasure happened, not whom it was about.
 */
export async function erasePlayer(ctx: UseCaseContext, discordId: string): Promise<ErasureResult> {
  const now = ctx.clock();
  const rewritten: number[] = [];
  const result = await ctx.transaction(async (repos) => {
    const { privacy } = repos;
    await privacy.excludeFinishes();
    const user = await privacy.findUser(discordId);
    // Someone only an Enterprise's own reports name, or only its staff's entries, has no profile,
    // but is erased all the same.
    if (
      user === undefined &&
      !(await privacy.namedInScans(discordId)) &&
      !(await repos.moderation.anyOn(discordId))
    )
      refuse({ code: 'scanned_user_not_found', discordId });
    const userId = user?.id ?? null;

    let reportsRewritten = 0;
    for (const row of await privacy.reportsNaming(userId, discordId)) {
      const before = JSON.parse(row.discord) as Array<{ id: string; username: string }>;
      if (!before.some((d) => d.id === discordId)) continue;
      await privacy.rewriteReportAccounts(row.pin_id, eraseFromAccounts(before, discordId));
      rewritten.push(row.pin_id);
      reportsRewritten++;
    }
    let eventsRewritten = 0;
    for (const row of await privacy.eventsNaming(userId, discordId)) {
      const before = JSON.parse(row.payload) as unknown;
      const after = eraseFromJson(before, discordId);
      if (JSON.stringify(after) === row.payload) continue;
      await privacy.rewriteEventPayload(row.id, after);
      eventsRewritten++;
    }
    let evidenceRewritten = 0;
    for (const row of await privacy.evidenceNaming(userId, discordId)) {
      const before = JSON.parse(row.document) as EvidenceDocument;
      if (!before.sources.discord.accounts.some((a) => a.id === discordId)) continue;
      await privacy.rewriteEvidence(row.pin_id, eraseFromEvidence(before, discordId));
      evidenceRewritten++;
    }
    // Before their scans' links go: rule tests' listings of those scans (docs/scan-client.md).
    await privacy.forgetRuleTestMatches(userId, discordId);
    // ...and the networks those scans were seen on: IP-derived, they go with the person.
    await privacy.forgetScanNetworks(userId, discordId);
    // And what those scans told about their machines, which holds the person's accounts as hashes.
    await privacy.forgetHardwareFacts(userId, discordId);
    // Staff's notes on their scans' false-positive marks, which may name them (docs/rules.md).
    await privacy.forgetFalsePositiveNotes(userId, discordId);
    // PINs /scan named after them, and the Discord messages that mention them (docs/discord.md).
    rewritten.push(...(await repos.discord.forgetPlayer(discordId)));
    await privacy.forgetScanAccounts(discordId);
    // Every Enterprise's bans, warnings and notes on them (docs/roles.md, "Moderation"), before the
    // shared ones' rows go with the profile.
    const moderation = await repos.moderation.forgetPlayer(discordId);
    const removed =
      user === undefined
        ? { hardwareLinks: 0, bans: 0, reasons: 0, notesOnOthers: 0 }
        : await privacy.removeUser(user.id, discordId);
    const counts = {
      reportsRewritten,
      eventsRewritten,
      evidenceRewritten,
      ...removed,
      bans: removed.bans + moderation.sanctions,
      reasons: removed.reasons + moderation.notes,
    };
    await recordPrivacyAction(repos, 'scanned_user.erase', now, counts);
    return { ...counts, erasedAt: now };
  });
  // Those PINs now answer with the account erased: nothing may keep what they said before.
  for (const pinId of rewritten) ctx.pinChanges.publish(pinId);
  return result;
}
