import { normalisePinCode } from '../../domain/pin-code.js';
import { observe, start } from '../../domain/pin-lifecycle.js';
import { type ScanPlan, scanPlanFor } from '../../domain/scan-plan.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { discordSignInEnabled } from '../people/discord-sign-in.js';
import { lifecycleSettings } from '../settings.js';
import { refusalFailure } from './apply-move.js';

/** What a scan with a PIN would be, for the player to agree to before anything is read or sent. */
export interface ScanPreview {
  pinCode: string;
  gameType: string;
  /** The name of the community (the Enterprise) that made the PIN and receives the result. */
  community: string;
  expiresAt: number;
  /** The sources the scan will ask for: the disclosure shows exactly these (docs/scan-client.md). */
  plan: ScanPlan;
  /** The server can check Discord accounts, so the scanner may offer the player the proof. */
  discordProof: boolean;
}

/**
 * The scanner's question before the consent prompt (docs/scanner.md, "Before the consent"): the
 * PIN's community, game and plan, so the player agrees to exactly what this scan reads and knows who
 * receives it. Nothing changes: the PIN stays pending, and the hardware IDs are sent only with the
 * start, after the player agreed. A PIN that could not be started is refused as the start would be.
 */
export async function previewScan(ctx: UseCaseContext, pinInput: string): Promise<ScanPreview> {
  const code = normalisePinCode(pinInput);
  const pin = await ctx.repos.pins.findByCode(code);
  if (pin === undefined) refuse({ code: 'pin_not_found', pin: code });
  const now = ctx.clock();
  const state = observe(pin.state, now, lifecycleSettings(ctx.config));
  const decided = start(state, now);
  if (!decided.ok) refuse(refusalFailure(decided.refusal, pin.code));
  const enterprise = await ctx.repos.enterprises.find(pin.enterpriseId);
  if (enterprise === undefined) throw new Error(`PIN ${pin.id} belongs to no enterprise`);
  return {
    pinCode: pin.code,
    gameType: pin.type,
    community: enterprise.name,
    expiresAt: state.expiresAt,
    plan: scanPlanFor(pin.type),
    discordProof: discordSignInEnabled(ctx.config),
  };
}
