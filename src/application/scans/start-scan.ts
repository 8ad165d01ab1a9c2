import { isPlaceholderHwid, oneOffProfileSource } from '../../domain/hardware-id.js';
import type { Pin } from '../../domain/pin.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { start } from '../../domain/pin-lifecycle.js';
import { type ScanPlan, scanPlanFor } from '../../domain/scan-plan.js';
import type { StartedClient } from '../../domain/scanner-clients.js';
import { hmacHex, randomToken, sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { timelineRows } from '../pins/timeline.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { applyMove } from './apply-move.js';
import { proofLinkOf } from './prove-player.js';
import { sightingOf } from './scan-network.js';

export interface StartScanInput {
  pin: string;
  hwids: readonly string[];
  clientVersion: string | null;
  /** The client the start came from (application/scanner-clients/identify-caller.ts), fixed for the session. */
  client: StartedClient;
  /** The address the start came from: only its network's keyed hash, country and ASN are kept (scan-network.ts). */
  clientAddress?: string;
}

export interface StartedScan {
  pin: Pin;
  /** Shown to the scan client once; only its hash is stored. */
  sessionToken: string;
  /** One-time, for this scan's evidence only (docs/scan-client.md, "Trust"); only its hash is stored. */
  nonce: string;
  /** What the client is asked to collect for this game: public, never decisive. */
  plan: ScanPlan;
  /** The one-time link for the player to prove their Discord account for this session, if offered. */
  proof: { url: string; expiresAt: string } | null;
}

/**
 * The keyed hashes the scan is filed under. Placeholder IDs are left out (docs/risk-score.md); a
 * scan with none left gets a one-off profile of its own, so it still counts for the accounts it
 * reports (and links them to each other, as they were on one machine) without linking them to
 * anyone else.
 */
function hardwareProfiles(hashSecret: string, hwids: readonly string[], pinId: number): string[] {
  const real = hwids.filter((hwid) => !isPlaceholderHwid(hwid));
  const sources = real.length > 0 ? real.map((hwid) => `hwid:${hwid}`) : [oneOffProfileSource(pinId)];
  return sources.map((source) => hmacHex(hashSecret, source));
}

/** pending → scanning: the scan client presents the PIN and the machine's hardware IDs. */
export async function startScan(ctx: UseCaseContext, input: StartScanInput): Promise<StartedScan> {
  const code = normalisePinCode(input.pin);
  const pin = await ctx.repos.pins.findByCode(code);
  if (pin === undefined) refuse({ code: 'pin_not_found', pin: code });
  const sessionToken = randomToken(32);
  const sessionHash = sha256Hex(sessionToken);
  const nonce = randomToken(24);
  const hwidHashes = hardwareProfiles(ctx.hashSecret, input.hwids, pin.id);
  // Kept with the start, in its transaction: the scan's first network is what later calls are held to.
  const startNetwork = input.clientAddress === undefined ? null : await sightingOf(ctx, input.clientAddress);
  const state = await applyMove(ctx, pin, start, (current, next, now) =>
    ctx.repos.scans.start(
      current,
      next,
      {
        sessionHash,
        nonceHash: sha256Hex(nonce),
        clientVersion: input.clientVersion,
        client: input.client,
        hwidHashes,
        startNetwork,
        now,
      },
      [pinEvent(current, current.state, next, null, now)],
      timelineRows(current, current.state, next),
    ),
  );
  return {
    pin: { ...pin, state },
    sessionToken,
    nonce,
    plan: scanPlanFor(pin.type),
    proof: proofLinkOf(ctx, pin.code, sessionHash, state.expiresAt),
  };
}
