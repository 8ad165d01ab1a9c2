import { Type } from 'typebox';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { KEYED_ERRORS, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';

export const DiscordIdParams = Type.Object({
  discordId: Type.String({ pattern: DISCORD_ID_PATTERN, description: 'Discord user ID: 17 to 20 digits.' }),
});

const Status = Type.Enum(['clean', 'suspicious', 'cheating', 'banned']);
const NotFound = {
  found: Type.Literal(false),
  discordId: Type.String(),
  message: Type.String(),
};

export const RiskScoreResponse = Type.Union([
  Type.Object({
    found: Type.Literal(true),
    discordId: Type.String(),
    riskScore: Type.Integer({ minimum: 0, maximum: 100 }),
    riskLevel: Type.Enum(['clean', 'low', 'medium', 'high', 'critical']),
    linkedProfiles: Type.Integer(),
    stats: Type.Object({
      totalScans: Type.Integer(),
      cheatingScans: Type.Integer(),
      suspiciousScans: Type.Integer(),
      cleanScans: Type.Integer(),
      totalDetections: Type.Integer(),
    }),
    uniqueCheatsDetected: Type.Array(Type.String()),
    isBanned: Type.Boolean(),
    firstScanDate: Timestamp,
    lastScanDate: Timestamp,
    lastCheatingDate: Nullable(Timestamp),
  }),
  Type.Object(NotFound),
]);

const BanEntry = Type.Object({
  status: Type.Enum(['banned', 'warned', 'expired']),
  reason: Type.String(),
  isExpired: Type.Boolean(),
  createdAt: Timestamp,
});

const ReasonEntry = Type.Object({
  reason: Type.String(),
  category: Type.String(),
  addedAt: Timestamp,
  evidence: Type.Unknown({ description: 'Staff-supplied JSON, or null.' }),
});

const RelatedAccount = Type.Object({
  discordId: Type.String(),
  username: Type.String(),
  sharedHwidIds: Type.Array(Type.Integer()),
  totalDetections: Type.Integer(),
  overallStatus: Status,
  lastSeenAt: Timestamp,
  detections: Type.Array(Type.String()),
});

export const LookupResponse = Type.Union([
  Type.Object({
    found: Type.Literal(true),
    discordId: Type.String(),
    username: Type.String(),
    totalScans: Type.Integer(),
    totalDetections: Type.Integer(),
    overallStatus: Status,
    isBanned: Type.Boolean(),
    isWarned: Type.Boolean(),
    bans: Type.Array(BanEntry),
    detections: Type.Array(Type.String()),
    reasons: Type.Array(ReasonEntry),
    firstSeen: Timestamp,
    lastSeen: Timestamp,
    gamesScanned: Type.Array(Type.String()),
    totalHwids: Type.Integer(),
    hasRelatedAccounts: Type.Boolean(),
    totalRelatedAccounts: Type.Integer(),
    relatedAccounts: Type.Array(RelatedAccount),
  }),
  Type.Object({ ...NotFound, relatedAccounts: Type.Array(RelatedAccount, { maxItems: 0 }) }),
]);

export const playerErrors = problemResponses(...KEYED_ERRORS, 400, 404);
