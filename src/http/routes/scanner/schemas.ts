import { Type } from 'typebox';
import { DISCORD_ID_PATTERN } from '../../../domain/discord-id.js';
import { EVIDENCE_SOURCE_NAMES } from '../../../domain/evidence.js';
import { REPORT_MAX_ENTRIES, REPORT_MAX_ENTRY_LENGTH } from '../../../domain/evidence-report.js';
import { PIN_CODE_PATTERN } from '../../../domain/pin-code.js';
import { NUL_ALLOWED } from '../../plugins/validation.js';
import { Nullable, problemResponses, Timestamp } from '../../schemas/common.js';

/** Bounds on a report (docs/scanner.md): at most 1000 entries per list and 500 characters per entry. */
export const MAX_ENTRIES = REPORT_MAX_ENTRIES;
export const MAX_ENTRY_LENGTH = REPORT_MAX_ENTRY_LENGTH;
/** Discord accounts one report may name. */
export const MAX_DISCORD_ACCOUNTS = 100;
/**
 * Room for a report at those bounds in ASCII and most two-byte scripts (6,000 entries of 500
 * characters; in a three-byte script such as CJK, about 5,500 of them); a larger body is 413
 * payload_too_large. A body over 16 KiB is parsed in the intake's workers, never on the event loop.
 */
export const FINISH_BODY_LIMIT = 8 * 1024 * 1024;
/** Progress and failure bodies: one short message (docs/security.md, "Body limits"). */
export const SCANNER_SMALL_BODY_LIMIT = 4 * 1024;
/** A start: a PIN and at most 16 hardware IDs of 500 characters, escaped. */
export const START_BODY_LIMIT = 64 * 1024;

const Entry = Type.String({ maxLength: MAX_ENTRY_LENGTH });
const List = Type.Array(Entry, { maxItems: MAX_ENTRIES });
const Text = Nullable(Type.String({ maxLength: MAX_ENTRY_LENGTH }));

/** The plan as the start and the preview answer carry it (docs/scan-client.md, "The scan plan"). */
const PlanSchema = Type.Object(
  {
    sources: Type.Array(Type.Enum([...EVIDENCE_SOURCE_NAMES]), {
      description: 'The evidence sources to collect for this game type.',
    }),
    hints: Type.Array(Type.String(), {
      description: 'Public collection hints: strings containing one of them are reported. Never decisive.',
    }),
  },
  { description: 'What to collect (docs/scan-client.md, "The scan plan").' },
);

export const PreviewBody = Type.Object(
  { pin: Type.String({ pattern: PIN_CODE_PATTERN, description: 'The 8-character PIN, any case.' }) },
  { additionalProperties: false },
);

export const PreviewResponse = Type.Object(
  {
    pin: Type.String(),
    type: Type.String({ description: "The PIN's game type." }),
    community: Type.String({
      description: 'The name of the community (Enterprise) that made the PIN and receives the result.',
    }),
    expiresAt: Timestamp,
    plan: PlanSchema,
    discordProof: Type.Boolean({
      description:
        'Whether the start answer will carry a Discord proof link (the server has Discord sign-in set up): the scanner mentions the proof only then.',
    }),
  },
  {
    description:
      'What a scan with this PIN would collect and for whom, for the consent prompt. Nothing changes: the PIN stays pending.',
  },
);

export const StartBody = Type.Object(
  {
    pin: Type.String({ pattern: PIN_CODE_PATTERN, description: 'The 8-character PIN, any case.' }),
    hwids: Type.Array(Type.String({ minLength: 1, maxLength: MAX_ENTRY_LENGTH, [NUL_ALLOWED]: true }), {
      minItems: 1,
      maxItems: 16,
      description:
        'Hardware IDs of the machine being scanned, exactly as the system reports them (a trailing NUL included). Stored only as keyed hashes.',
    }),
    clientVersion: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

export const StartResponse = Type.Object({
  sessionToken: Type.String({
    description: 'Send as `Authorization: Bearer <token>` on the other scanner calls.',
  }),
  pin: Type.String(),
  type: Type.String(),
  ramDump: Type.Boolean(),
  expiresAt: Timestamp,
  nonce: Type.String({
    description: 'One-time value for this scan; the evidence document must carry it (`nonce`).',
  }),
  serverTime: Type.String({
    format: 'date-time',
    description: "The server's clock when it answered: a client whose clock is far off says so.",
  }),
  plan: PlanSchema,
  proof: Nullable(
    Type.Object(
      {
        url: Type.String({ description: 'Show it to the player: opening it proves their Discord account.' }),
        expiresAt: Timestamp,
      },
      {
        description:
          'A one-time link for the player to prove their Discord account for this scan session, before the upload (docs/risk-score.md, "Whose scan it is"); null when the server cannot check Discord accounts.',
      },
    ),
  ),
});

export const ProgressBody = Type.Object(
  {
    progress: Type.Integer({ minimum: 0, maximum: 99 }),
    statusMessage: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const FinishBody = Type.Object(
  {
    detections: List,
    suspicious: List,
    warnings: List,
    untrusted: List,
    integrity: List,
    artifacts: List,
    vpn: Text,
    country: Text,
    logon: Text,
    scantime: Text,
    windows: Text,
    discord: Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: DISCORD_ID_PATTERN }),
          username: Type.String({ minLength: 1, maxLength: 100 }),
        },
        { additionalProperties: false },
      ),
      // Far above any real machine; each account pairs with every other as a possible alt.
      { maxItems: MAX_DISCORD_ACCOUNTS },
    ),
    ip: Type.Optional(Type.String({ maxLength: 100, description: 'Stored only as a keyed hash.' })),
  },
  { additionalProperties: false },
);

export const FinishResponse = Type.Object({ result: Type.Enum(['legit', 'suspicious', 'cheating']) });

export const FailBody = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

// 401 and 403: the caller's client is identified on every call (docs/scanner.md, "Signed calls").
export const startErrors = problemResponses(400, 401, 403, 404, 409, 410, 413, 429);
export const sessionErrors = problemResponses(400, 401, 403, 409, 410, 413, 429);
