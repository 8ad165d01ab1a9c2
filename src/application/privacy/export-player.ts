import type { EvidenceDocument } from '../../domain/evidence.js';
import type { GameType } from '../../domain/game-types.js';
import type { ModerationKind } from '../../domain/moderation.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import type { ScanNetworkStage } from '../../domain/scan-network.js';
import type { ScannedUserRow } from '../../storage/schema.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { recordPrivacyAction } from './audit-entry.js';

/**
 * Everything stored about one scanned person (docs/privacy.md, "Export"). Hardware appears only by
 * its numeric profile id, never the hardware ID or its hash; of an IP, only whether a keyed hash of
 * it is stored; of other people named in the same reports, only how many there were.
 */
export interface PlayerExport {
  discordId: string;
  username: string;
  firstRecordedAt: number;
  counters: {
    scansOnLinkedHardware: number;
    cheatingScans: number;
    suspiciousScans: number;
    cleanScans: number;
    detections: number;
    firstScanAt: number | null;
    lastScanAt: number | null;
    lastCheatingAt: number | null;
    ownScans: number;
    ownCheatingScans: number;
    ownSuspiciousScans: number;
    ownDetections: number;
    ownFirstScanAt: number | null;
    ownLastScanAt: number | null;
  };
  detectionsOnLinkedHardware: string[];
  ownDetections: string[];
  gamesScanned: string[];
  hardwareProfiles: Array<{
    id: number;
    linkedAt: number;
    firstSeenAt: number;
    totalScans: number;
    cheatingScans: number;
    suspiciousScans: number;
    totalDetections: number;
    uniqueDetections: number;
    suspiciousFindings: number;
  }>;
  /** Hubs the person was seen with: hardware IDs shared by many machines, which link nobody. */
  sharedHardware: Array<{ id: number; seenAt: number; hubSince: number }>;
  bans: Array<{
    id: number;
    status: 'banned' | 'warned';
    reason: string;
    expiresAt: number | null;
    createdAt: number;
    liftedAt: number | null;
    hardwareProfileIds: number[];
  }>;
  reasons: Array<{ id: number; reason: string; category: string; evidence: unknown; addedAt: number }>;
  /** Every Enterprise's bans, warnings and notes on them (docs/roles.md, "Moderation"), by Enterprise id. */
  enterpriseEntries: Array<{
    id: number;
    enterpriseId: number;
    kind: ModerationKind;
    reason: string;
    reach: 'shared' | 'enterprise';
    createdAt: number;
    expiresAt: number | null;
    liftedAt: number | null;
  }>;
  scans: Array<{
    pin: string;
    accountId: number;
    type: GameType;
    result: Verdict | null;
    finishedAt: number;
    reportedUsername: string;
    otherAccountsNamed: number;
    detections: string[];
    suspicious: string[];
    warnings: string[];
    untrusted: string[];
    integrity: string[];
    customSuspicious: string[];
    vpn: string | null;
    country: string | null;
    logon: string | null;
    scantime: string | null;
    windows: string | null;
    ipAddress: 'keyed_hash_stored' | 'not_stored';
    /**
     * The networks the scan's calls came from (docs/privacy.md, "Where the scan ran"): only that a
     * keyed hash is stored, with the stage, country and ASN; never the hash or an address.
     */
    networks: Array<{
      stage: ScanNetworkStage;
      network: 'keyed_hash_stored';
      country: string | null;
      asn: number | null;
      seenAt: number;
    }>;
    /** The scan client's evidence, other people's accounts on the machine given only as a count. */
    evidence: {
      receiptId: string;
      receivedAt: number;
      otherAccountsOnMachine: number;
      document: EvidenceDocument;
    } | null;
  }>;
  exportedAt: number;
}

/** A scan's evidence as the person's export shows it: their own accounts only, the rest counted. */
function evidenceOfPerson(
  evidence: { receiptId: string; receivedAt: number; document: EvidenceDocument },
  discordId: string,
) {
  const { document } = evidence;
  const all = document.sources.discord.accounts;
  const own = all.filter((a) => a.id === discordId);
  return {
    receiptId: evidence.receiptId,
    receivedAt: evidence.receivedAt,
    otherAccountsOnMachine: all.length - own.length,
    document: {
      ...document,
      sources: { ...document.sources, discord: { ...document.sources.discord, accounts: own } },
    },
  };
}

/** The profile part of an export for someone no shared report counted for: empty counters. */
function withoutProfile(
  discordId: string,
  scans: ReadonlyArray<{ discord: ReadonlyArray<{ id: string; username: string }>; finishedAt: number }>,
): ScannedUserRow {
  const named = scans.flatMap((s) => s.discord.filter((d) => d.id === discordId));
  return {
    id: 0,
    facts_version: 0,
    discord_id: discordId,
    username: named.at(-1)?.username ?? discordId,
    created_at: scans[0]?.finishedAt ?? 0,
    scans: 0,
    cheating_scans: 0,
    suspicious_scans: 0,
    clean_scans: 0,
    detections: 0,
    first_scan_at: null,
    last_scan_at: null,
    last_cheating_at: null,
    own_scans: 0,
    own_cheating_scans: 0,
    own_suspicious_scans: 0,
    own_detections: 0,
    own_first_scan_at: null,
    own_last_scan_at: null,
  };
}

/**
 * Exports one scanned person, read in one snapshot so the parts agree, and records that an export
 * happened (without whom it was about) in the same transaction.
 */
export async function exportPlayer(ctx: UseCaseContext, discordId: string): Promise<PlayerExport> {
  const now = ctx.clock();
  return ctx.transaction(
    async (repos) => {
      const { privacy } = repos;
      const found = await privacy.findUser(discordId);
      // Someone only an Enterprise's own reports name has no profile: only those scans are theirs
      // (and that Enterprise's entries on them).
      const entries = await repos.moderation.allOn(discordId);
      if (found === undefined && entries.length === 0 && !(await privacy.namedInScans(discordId)))
        refuse({ code: 'scanned_user_not_found', discordId });
      const scans = await privacy.scansNaming(found?.id ?? null, discordId);
      const user = found ?? withoutProfile(discordId, scans);
      const [links, hubs, bans, reasons, detections, ownDetections, games] =
        found === undefined
          ? [[], [], [], [], [], [], []]
          : [
              await privacy.links(found.id),
              await privacy.hubsSeen(found.id),
              await privacy.bansIssued(found.id),
              await privacy.reasons(found.id),
              await privacy.names('user_detections', found.id),
              await privacy.names('user_own_detections', found.id),
              await privacy.names('user_games', found.id),
            ];
      const networks = new Map<number, Awaited<ReturnType<typeof repos.scanNetworks.forExport>>>();
      for (const s of scans) networks.set(s.pinId, await repos.scanNetworks.forExport(s.pinId));
      await recordPrivacyAction(repos, 'scanned_user.export', now);
      return {
        discordId: user.discord_id,
        username: user.username,
        firstRecordedAt: user.created_at,
        counters: {
          scansOnLinkedHardware: user.scans,
          cheatingScans: user.cheating_scans,
          suspiciousScans: user.suspicious_scans,
          cleanScans: user.clean_scans,
          detections: user.detections,
          firstScanAt: user.first_scan_at,
          lastScanAt: user.last_scan_at,
          lastCheatingAt: user.last_cheating_at,
          ownScans: user.own_scans,
          ownCheatingScans: user.own_cheating_scans,
          ownSuspiciousScans: user.own_suspicious_scans,
          ownDetections: user.own_detections,
          ownFirstScanAt: user.own_first_scan_at,
          ownLastScanAt: user.own_last_scan_at,
        },
        detectionsOnLinkedHardware: detections,
        ownDetections,
        gamesScanned: games,
        hardwareProfiles: links.map((l) => ({
          id: l.id,
          linkedAt: l.linked_at,
          firstSeenAt: l.created_at,
          totalScans: l.total_scans,
          cheatingScans: l.cheating_scans,
          suspiciousScans: l.suspicious_scans,
          totalDetections: l.total_detections,
          uniqueDetections: l.unique_detections,
          suspiciousFindings: l.suspicious_findings,
        })),
        sharedHardware: hubs.map((h) => ({ id: h.id, seenAt: h.seen_at, hubSince: Number(h.hub_since) })),
        bans: bans.map((b) => ({
          id: b.id,
          status: b.status,
          reason: b.reason,
          expiresAt: b.expires_at,
          createdAt: b.created_at,
          liftedAt: b.lifted_at,
          hardwareProfileIds: b.hwid_ids,
        })),
        reasons: reasons.map((r) => ({
          id: r.id,
          reason: r.reason,
          category: r.category,
          evidence: r.evidence === null ? null : (JSON.parse(r.evidence) as unknown),
          addedAt: r.added_at,
        })),
        // Who made each stays out: the staff's names are not the person's data.
        enterpriseEntries: entries.map((e) => ({
          id: e.id,
          enterpriseId: e.enterpriseId,
          kind: e.kind,
          reason: e.reason,
          reach: e.reach,
          createdAt: e.createdAt,
          expiresAt: e.expiresAt,
          liftedAt: e.liftedAt,
        })),
        scans: scans.map((s) => ({
          pin: s.pinCode,
          accountId: s.accountId,
          type: s.type,
          result: s.result,
          finishedAt: s.finishedAt,
          // The last entry naming them, as the finish hook keeps the latest username.
          reportedUsername: s.discord.filter((d) => d.id === discordId).at(-1)?.username ?? user.username,
          otherAccountsNamed: s.discord.filter((d) => d.id !== discordId).length,
          detections: s.detections,
          suspicious: s.suspicious,
          warnings: s.warnings,
          untrusted: s.untrusted,
          integrity: s.integrity,
          customSuspicious: s.customSuspicious,
          vpn: s.vpn,
          country: s.country,
          logon: s.logon,
          scantime: s.scantime,
          windows: s.windows,
          ipAddress: s.ipHashStored ? ('keyed_hash_stored' as const) : ('not_stored' as const),
          networks: (networks.get(s.pinId) ?? []).map((n) => ({
            stage: n.stage,
            network: 'keyed_hash_stored' as const,
            country: n.country,
            asn: n.asn,
            seenAt: n.at,
          })),
          evidence: s.evidence === null ? null : evidenceOfPerson(s.evidence, discordId),
        })),
        exportedAt: now,
      };
    },
    { snapshot: true },
  );
}
