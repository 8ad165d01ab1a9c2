import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { erasePlayer } from '../../../application/privacy/erase-player.js';
import { exportPlayer, type PlayerExport } from '../../../application/privacy/export-player.js';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { MODERATION_KINDS } from '../../../domain/moderation.js';
import { SCAN_NETWORK_STAGES } from '../../../domain/scan-network.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import { Nullable, Timestamp } from '../../schemas/common.js';
import { discordIdValidation } from '../players/validation.js';
import { adminErrors } from './schemas.js';

const tags = ['Operator'];
const security = [{ adminToken: [] }];

const DiscordParams = Type.Object({ discordId: Type.String({ pattern: DISCORD_ID_PATTERN }) });
const Strings = Type.Array(Type.String());
const Count = Type.Integer({ minimum: 0 });
const MaybeTime = Nullable(Timestamp);

const ExportBody = Type.Object({
  discordId: Type.String(),
  username: Type.String(),
  firstRecordedAt: Timestamp,
  counters: Type.Object({
    scansOnLinkedHardware: Count,
    cheatingScans: Count,
    suspiciousScans: Count,
    cleanScans: Count,
    detections: Count,
    firstScanAt: MaybeTime,
    lastScanAt: MaybeTime,
    lastCheatingAt: MaybeTime,
    ownScans: Count,
    ownCheatingScans: Count,
    ownSuspiciousScans: Count,
    ownDetections: Count,
    ownFirstScanAt: MaybeTime,
    ownLastScanAt: MaybeTime,
  }),
  detectionsOnLinkedHardware: Strings,
  ownDetections: Strings,
  gamesScanned: Strings,
  hardwareProfiles: Type.Array(
    Type.Object({
      id: Type.Integer({ description: 'Numeric profile id; the hardware ID and its hash are never shown.' }),
      linkedAt: Timestamp,
      firstSeenAt: Timestamp,
      totalScans: Count,
      cheatingScans: Count,
      suspiciousScans: Count,
      totalDetections: Count,
      uniqueDetections: Count,
      suspiciousFindings: Count,
    }),
  ),
  sharedHardware: Type.Array(
    Type.Object({
      id: Type.Integer({
        description: 'Numeric profile id of a hardware ID shared by many machines (a hub).',
      }),
      seenAt: Timestamp,
      hubSince: Timestamp,
    }),
    {
      description:
        'Hardware IDs the person was scanned with that link nobody, because many machines report them (docs/risk-score.md).',
    },
  ),
  bans: Type.Array(
    Type.Object({
      id: Type.Integer(),
      status: Type.Enum(['banned', 'warned']),
      reason: Type.String(),
      expiresAt: MaybeTime,
      createdAt: Timestamp,
      liftedAt: MaybeTime,
      hardwareProfileIds: Type.Array(Type.Integer()),
    }),
  ),
  reasons: Type.Array(
    Type.Object({
      id: Type.Integer(),
      reason: Type.String(),
      category: Type.String(),
      evidence: Type.Unknown(),
      addedAt: Timestamp,
    }),
  ),
  enterpriseEntries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      enterpriseId: Type.Integer(),
      kind: Type.Enum(MODERATION_KINDS),
      reason: Type.String({ description: 'A ban’s or warning’s reason, a note’s text.' }),
      reach: Type.Enum(['shared', 'enterprise']),
      createdAt: Timestamp,
      expiresAt: MaybeTime,
      liftedAt: MaybeTime,
    }),
    {
      description:
        'Every Enterprise’s bans, warnings and notes on the person (docs/roles.md, "Moderation"); a shared ban or warning is in `bans` too.',
    },
  ),
  scans: Type.Array(
    Type.Object({
      pin: Type.String(),
      accountId: Type.Integer({ description: 'The account that made the PIN.' }),
      type: Type.String(),
      result: Nullable(Type.String()),
      finishedAt: Timestamp,
      reportedUsername: Type.String(),
      otherAccountsNamed: Type.Integer({
        minimum: 0,
        description: 'Other chat-platform accounts in the same report; who they are is not exported.',
      }),
      detections: Strings,
      suspicious: Strings,
      warnings: Strings,
      untrusted: Strings,
      integrity: Strings,
      customSuspicious: Strings,
      vpn: Nullable(Type.String()),
      country: Nullable(Type.String()),
      logon: Nullable(Type.String()),
      scantime: Nullable(Type.String()),
      windows: Nullable(Type.String()),
      ipAddress: Type.Enum(['keyed_hash_stored', 'not_stored'], {
        description: 'Only whether a keyed hash of the IP is kept; the value is never exported.',
      }),
      networks: Type.Array(
        Type.Object({
          stage: Type.Enum(SCAN_NETWORK_STAGES),
          network: Type.Literal('keyed_hash_stored', {
            description: 'A keyed hash of the /24 or /64 is kept; the value is never exported.',
          }),
          country: Nullable(Type.String()),
          asn: Nullable(Type.Integer()),
          seenAt: Timestamp,
        }),
        {
          description:
            'The networks the scan\'s calls came from (docs/privacy.md, "Where the scan ran"), in the order seen.',
        },
      ),
      evidence: Nullable(
        Type.Object(
          {
            receiptId: Type.String(),
            receivedAt: Timestamp,
            otherAccountsOnMachine: Type.Integer({
              minimum: 0,
              description:
                'Other Discord accounts the scan found on the machine; who they are is not exported.',
            }),
            document: Type.Unknown({ description: 'The evidence document as stored (docs/scan-client.md).' }),
          },
          { description: 'The scan client’s evidence upload, when the report came from one.' },
        ),
      ),
    }),
  ),
  exportedAt: Timestamp,
});

const ErasureBody = Type.Object({
  erased: Type.Literal(true),
  reportsRewritten: Count,
  eventsRewritten: Count,
  evidenceRewritten: Count,
  hardwareLinks: Count,
  bans: Count,
  reasons: Count,
  notesOnOthers: Count,
  erasedAt: Timestamp,
});

/** Epoch milliseconds become ISO strings here, at the HTTP edge. */
function presentExport(e: PlayerExport) {
  const c = e.counters;
  return {
    ...e,
    firstRecordedAt: iso(e.firstRecordedAt),
    counters: {
      ...c,
      firstScanAt: isoOrNull(c.firstScanAt),
      lastScanAt: isoOrNull(c.lastScanAt),
      lastCheatingAt: isoOrNull(c.lastCheatingAt),
      ownFirstScanAt: isoOrNull(c.ownFirstScanAt),
      ownLastScanAt: isoOrNull(c.ownLastScanAt),
    },
    hardwareProfiles: e.hardwareProfiles.map((h) => ({
      ...h,
      linkedAt: iso(h.linkedAt),
      firstSeenAt: iso(h.firstSeenAt),
    })),
    sharedHardware: e.sharedHardware.map((h) => ({
      id: h.id,
      seenAt: iso(h.seenAt),
      hubSince: iso(h.hubSince),
    })),
    bans: e.bans.map((b) => ({
      ...b,
      expiresAt: isoOrNull(b.expiresAt),
      createdAt: iso(b.createdAt),
      liftedAt: isoOrNull(b.liftedAt),
    })),
    reasons: e.reasons.map((r) => ({ ...r, addedAt: iso(r.addedAt) })),
    enterpriseEntries: e.enterpriseEntries.map((x) => ({
      ...x,
      createdAt: iso(x.createdAt),
      expiresAt: isoOrNull(x.expiresAt),
      liftedAt: isoOrNull(x.liftedAt),
    })),
    scans: e.scans.map((s) => ({
      ...s,
      finishedAt: iso(s.finishedAt),
      networks: s.networks.map((n) => ({ ...n, seenAt: iso(n.seenAt) })),
      evidence: s.evidence === null ? null : { ...s.evidence, receivedAt: iso(s.evidence.receivedAt) },
    })),
    exportedAt: iso(e.exportedAt),
  };
}

/** A scanned person's export and erasure (docs/privacy.md, "Export" and "Erasure"). */
export function privacyAdminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/v1/scanned-users/:discordId/export',
      {
        schema: {
          tags,
          security,
          summary: 'Export everything stored about a scanned user',
          description:
            'As JSON, for a data subject request. Hardware appears only by numeric profile id, IPs never; other people in the same reports only as a count. Recorded in the audit trail without the user ID.',
          params: DiscordParams,
          response: { 200: ExportBody, ...adminErrors },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request) => presentExport(await exportPlayer(ctx, request.params.discordId)),
    );

    app.post(
      '/admin/v1/scanned-users/:discordId/erase',
      {
        schema: {
          tags,
          security,
          summary: 'Erase a scanned user',
          description:
            'Removes their profile, hardware links, bans and reasons, and every Enterprise’s bans, warnings and notes on them; the reports that named them stay for the PINs’ owners with the account shown as `{ "id": "erased", "username": "erased" }`. Cannot be undone. Recorded in the audit trail without the user ID.',
          params: DiscordParams,
          response: { 200: ErasureBody, ...adminErrors },
        },
        config: { mapValidation: discordIdValidation },
      },
      async (request) => {
        const result = await erasePlayer(ctx, request.params.discordId);
        return { erased: true as const, ...result, erasedAt: iso(result.erasedAt) };
      },
    );
  };
}
