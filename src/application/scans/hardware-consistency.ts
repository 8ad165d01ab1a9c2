import { oneOffProfileSource } from '../../domain/hardware-id.js';
import {
  type AdapterIdentity,
  hardwareWarnings,
  type KeptMachineFacts,
  type MachineFacts,
} from '../../domain/machine-facts.js';
import type { Pin } from '../../domain/pin.js';
import { hmacHex } from '../../lib/crypto.js';
import type { HardwareFactsEntry } from '../../storage/repositories/hardware-facts.js';
import type { UseCaseContext } from '../context.js';

/**
 * Same machine, same story (docs/scan-client.md, "Same machine, same story"): a finishing scan's
 * machine facts compared with the earlier scans of the same hardware and with the player's own
 * history. The result's warnings go into the report's `warnings`, never the verdict; its facts are
 * written by the scan's finish, in the same transaction (repositories/scans.ts `extra.hardwareFacts`).
 */
export interface HardwareConsistency {
  warnings: string[];
  /** What to keep; null when the scan brought no facts or no hardware that can carry a history. */
  facts: HardwareFactsEntry | null;
}

/** Adapters and accounts are kept as keyed hashes only: a comparison needs nothing more. */
function adapterKey(secret: string, a: AdapterIdentity): string {
  return hmacHex(secret, `adapter:${a.kind}\n${a.name}\n${a.description ?? ''}`);
}

function discordKey(secret: string, id: string): string {
  return hmacHex(secret, `discord:${id}`);
}

/** The profile a scan without a real hardware ID is filed under: one machine, never anyone's history. */
function oneOffProfile(secret: string, pinId: number): string {
  return hmacHex(secret, oneOffProfileSource(pinId));
}

export function keptFacts(secret: string, facts: MachineFacts): KeptMachineFacts {
  return {
    scannedAt: facts.scannedAt,
    os: facts.os,
    bootedAt: facts.bootedAt,
    clockOffset: facts.clockOffset,
    adapters: facts.adapters === null ? null : [...new Set(facts.adapters.map((a) => adapterKey(secret, a)))],
    discord:
      facts.discordIds === null ? null : [...new Set(facts.discordIds.map((id) => discordKey(secret, id)))],
  };
}

/**
 * `facts` is null for a report through /finish, which carries none: nothing is kept, and only the
 * player's history can give a warning.
 */
export async function hardwareConsistency(
  ctx: UseCaseContext,
  pin: Pin,
  facts: MachineFacts | null,
): Promise<HardwareConsistency> {
  const repo = ctx.repos.hardwareFacts;
  const secret = ctx.hashSecret;
  const machine = await repo.machineOf(pin.id, oneOffProfile(secret, pin.id));
  // Placeholders, hubs or no hardware ID at all: nothing tells this machine from another.
  if (machine.length === 0) return { warnings: [], facts: null };
  const current = facts === null ? null : keptFacts(secret, facts);
  const [history, seenBefore] = await Promise.all([
    repo.history(machine, pin.id, pin.enterpriseId),
    repo.seenBefore(machine, pin.id, pin.enterpriseId),
  ]);
  let earlierScansElsewhere = 0;
  if (!seenBefore) {
    const { player } = await ctx.repos.reportProvenance.finishContext(pin.id);
    const accounts = [player.proven?.discordId, player.named?.discordId, ...(facts?.discordIds ?? [])].filter(
      (id): id is string => id !== undefined,
    );
    const elsewhere = new Set<number>();
    for (const scan of await repo.playerScans(accounts, pin.id, pin.enterpriseId))
      if (scan.hash !== oneOffProfile(secret, scan.pinId)) elsewhere.add(scan.pinId);
    earlierScansElsewhere = elsewhere.size;
  }
  return {
    warnings: hardwareWarnings(current, history, { machineSeenBefore: seenBefore, earlierScansElsewhere }),
    facts: current === null ? null : { hwidIds: machine, facts: current },
  };
}
