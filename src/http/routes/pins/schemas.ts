import { Type } from 'typebox';
import { ASSURANCE_LEVELS, CLIENT_KINDS } from '../../../domain/assurance.js';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { GAME_TYPES } from '../../../domain/game-types.js';
import { PIN_CODE_PATTERN } from '../../../domain/pin-code.js';
import { PIN_STATUSES } from '../../../domain/pin-lifecycle.js';
import { KEYED_ERRORS, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';

/** An IPv4 or IPv6 address is written with these only (no zone index, no NUL). */
const ADDRESS_CHARACTERS = '^[0-9A-Fa-f:.]+$';

/** Room for the longest IPv6 spelling with a dotted IPv4 tail and a zone. */
const PLAYER_ADDRESS_MAX_LENGTH = 100;

// `type: 'string'` beside the enum tells a wrong type (invalid_body) from an unknown game (invalid_game_type).
export const GameTypeSchema = Type.Enum(GAME_TYPES, {
  type: 'string',
  description: 'Game type: Java, Bedrock, FiveM, RedM, RageMP, AltV, Roblox, SanAndreas, Cod or Rust.',
});
const Status = Type.Enum(PIN_STATUSES);
const Verdict = Type.Enum(['legit', 'cheating', 'suspicious']);
const PinCode = Type.String({ minLength: 8, maxLength: 8, examples: ['A7K3M2P9'] });

export const PinParams = Type.Object({
  pinCode: Type.String({ pattern: PIN_CODE_PATTERN, description: '8-character PIN code, any case.' }),
});

export const CreatePinBody = Type.Object(
  {
    type: GameTypeSchema,
    pinName: Type.Optional(
      Nullable(Type.String({ maxLength: 50, description: 'Custom name, max 50 characters.' })),
    ),
    ramDump: Type.Optional(Type.Boolean({ default: false })),
    private: Type.Optional(Type.Boolean({ default: false })),
    playerDiscordId: Type.Optional(
      Nullable(
        Type.String({
          pattern: DISCORD_ID_PATTERN,
          description:
            'The player\'s Discord user ID (17 to 20 digits), when you know who is being scanned. Only this account may then prove the scan, through the one-time link the scanner shows; a report about it counts for every community only once the player proved it that way (finding the account on the machine is not enough); see docs/risk-score.md, "Whose scan it is".',
        }),
      ),
    ),
    playerAddress: Type.Optional(
      Nullable(
        Type.Union(
          [
            Type.String({ format: 'ipv4', pattern: ADDRESS_CHARACTERS }),
            Type.String({ format: 'ipv6', pattern: ADDRESS_CHARACTERS }),
          ],
          {
            maxLength: PLAYER_ADDRESS_MAX_LENGTH,
            examples: ['203.0.113.7'],
            description:
              'Extension (not in the published API): the IPv4 or IPv6 address your game server or bot sees the player connect from. The server keeps only a keyed hash of its network (the /24 or /64) with its country and ASN, never the address, and never returns it; the scan\'s result then says when the scan ran on a different network (docs/scanner.md, "Where the scan ran").',
          },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

export const CreatedPin = Type.Object({
  pin: PinCode,
  type: Type.String(),
  status: Type.Literal('pending'),
  pinName: Nullable(Type.String()),
  ramDump: Type.Boolean(),
  private: Type.Boolean(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
  enterprise: Type.String({ description: 'Name of the owning Enterprise.' }),
  playerDiscordId: Nullable(Type.String({ description: 'The player named on creation, or null.' })),
});

const DiscordAccount = Type.Object({
  id: Type.String(),
  username: Type.String(),
  provenance: Type.Optional(
    Type.Enum(['proven', 'named', 'seen', 'claimed'], {
      description:
        'How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".',
    }),
  ),
  reach: Type.Optional(
    Type.Enum(['shared', 'enterprise'], {
      description:
        "`shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.",
    }),
  ),
});
const NullableString = Nullable(Type.String());

/** What a finished scan's result is worth (docs/scan-client.md, "Trust"): our extension of the spec. */
export const AssuranceBody = Nullable(
  Type.Object(
    {
      client: Type.Object({
        kind: Type.Enum([...CLIENT_KINDS], {
          description:
            '`official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.',
        }),
        name: Nullable(
          Type.String({ description: 'The registered client’s name; null for unregistered ones.' }),
        ),
        version: Nullable(Type.String({ description: 'The version the client gave at the start.' })),
      }),
      level: Type.Enum([...ASSURANCE_LEVELS], {
        description:
          '`high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.',
      }),
      reasons: Type.Array(Type.String(), {
        description:
          'Why the level is lower than `high`, lowest first; each is also an entry of `integrity`.',
      }),
    },
    {
      description:
        'How far the result can be trusted: the scan client and what lowers trust in it. Null for scans finished before it was recorded.',
    },
  ),
);

/** Summary of a finished scan on the status endpoint. */
export const StatusSummary = Type.Object({
  cheating: NullableString,
  vpn: NullableString,
  country: NullableString,
  scantime: NullableString,
  windows: NullableString,
  detectionsCount: Type.Integer(),
  warningsCount: Type.Integer(),
  suspiciousCount: Type.Integer(),
  discord: Type.Array(DiscordAccount),
  assurance: AssuranceBody,
});

export const PinStatusResponse = Type.Object({
  pin: PinCode,
  pinName: NullableString,
  type: Type.String(),
  status: Status,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  statusMessage: NullableString,
  result: Nullable(Verdict),
  used: Type.Boolean(),
  lastStatusUpdate: Nullable(Timestamp),
  createdAt: Timestamp,
  isFinished: Type.Boolean(),
  isScanning: Type.Boolean(),
  isPending: Type.Boolean(),
  data: Type.Optional(StatusSummary),
});

/** Full detail of a finished scan. */
export const ResultsData = Type.Object({
  cheating: NullableString,
  detections: Type.Array(Type.String()),
  suspicious: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
  untrusted: Type.Array(Type.String()),
  integrity: Type.Array(Type.String()),
  customSuspicious: Type.Array(Type.String()),
  vpn: NullableString,
  country: NullableString,
  logon: NullableString,
  scantime: NullableString,
  windows: NullableString,
  discord: Type.Array(DiscordAccount),
  assurance: AssuranceBody,
});

export const PinResultsResponse = Type.Union([
  Type.Object({
    pin: PinCode,
    type: Type.String(),
    status: Type.Literal('finished'),
    result: Verdict,
    pinName: NullableString,
    data: ResultsData,
    createdAt: Timestamp,
  }),
  Type.Object({
    pin: PinCode,
    type: Type.String(),
    status: Type.Enum(['pending', 'scanning', 'expired', 'error']),
    result: Type.Literal('none'),
    pinName: NullableString,
    message: Type.String(),
  }),
]);

export const createErrors = problemResponses(...KEYED_ERRORS, 400, 404, 413);
export const readErrors = problemResponses(...KEYED_ERRORS, 400, 404);
