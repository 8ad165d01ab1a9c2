import { STATUS_CODES } from 'node:http';

/**
 * An error that becomes an RFC 9457 problem body (CONTRACT §3). `code` is stable and machine-readable;
 * `detail` tells a person what happened and what to do next.
 */
export class Problem extends Error {
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'Problem';
    this.headers = headers;
  }

  get title(): string {
    return STATUS_CODES[this.status] ?? 'Error';
  }

  toBody(): ProblemBody {
    return {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.detail,
    };
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
}

/** Every problem the service answers with, in one catalogue so wording stays consistent. */
export const problems = {
  missingApiKey: () =>
    new Problem(401, 'missing_api_key', 'No API key was sent. Send your key in the x-api-key header.'),
  invalidApiKey: () =>
    new Problem(
      401,
      'invalid_api_key',
      'The API key is unknown or has been revoked. Check the x-api-key header, or ask your operator for a new key.',
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new Problem(
      429,
      'rate_limited',
      `The hourly request budget is spent. Retry in ${retryAfterSeconds} seconds.`,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  insufficientPermission: (permission: string) =>
    new Problem(
      403,
      'insufficient_permission',
      `This API key lacks the ${permission} permission. Use a key that has it, or ask your operator to issue one.`,
    ),
  accountNotFound: () =>
    new Problem(404, 'account_not_found', 'The account this API key belongs to no longer exists.'),
  accountBanned: () =>
    new Problem(403, 'account_banned', 'This account is banned and cannot create PINs. Contact support.'),
  notEnterpriseOwner: () =>
    new Problem(
      403,
      'not_enterprise_owner',
      'Only the owner of an active Enterprise can create PINs. Use the Enterprise owner’s key.',
    ),
  licenceRequired: () =>
    new Problem(
      403,
      'licence_required',
      'This endpoint needs an active licence or membership of an active Enterprise on the key’s account.',
    ),
  invalidBody: (detail: string) => new Problem(400, 'invalid_body', detail),
  invalidGameType: (allowed: readonly string[]) =>
    new Problem(400, 'invalid_game_type', `type must be one of: ${allowed.join(', ')}.`),
  activePinLimit: (max: number) =>
    new Problem(
      400,
      'active_pin_limit',
      `This account already has ${max} active PINs (pending or scanning). Wait for one to finish or expire, then try again.`,
    ),
  invalidPinCode: () =>
    new Problem(
      400,
      'invalid_pin_code',
      'A PIN code is 8 characters from A-Z and 2-9, without 0, 1, I or O (for example A7K3M2P9).',
    ),
  pinNotFound: (code: string) => new Problem(404, 'pin_not_found', `No PIN with code ${code} exists.`),
  pinForbidden: (code: string) =>
    new Problem(
      403,
      'pin_forbidden',
      `PIN ${code} belongs to another account. Only the account that created a PIN can read it.`,
    ),
  invalidDiscordId: () =>
    new Problem(
      400,
      'invalid_discord_id',
      'A Discord user ID is 17 to 20 decimal digits, e.g. 123456789012345678.',
    ),
  payloadTooLarge: (limit: number) =>
    new Problem(413, 'payload_too_large', `The request body is larger than the ${limit}-byte limit.`),
  routeNotFound: (method: string, url: string) =>
    new Problem(
      404,
      'route_not_found',
      `There is no ${method} ${url.split('?')[0]}. See /openapi.json for the endpoints this service has.`,
    ),
  invalidUrl: () =>
    new Problem(400, 'invalid_url', 'The URL is not valid: it contains a malformed percent-encoding.'),
  invalidAdminToken: () =>
    new Problem(401, 'invalid_admin_token', 'The x-admin-token header is missing or wrong.'),
  notFound: (code: string, what: string) => new Problem(404, code, `${what} does not exist.`),
  conflict: (code: string, detail: string) => new Problem(409, code, detail),
  invalidParameter: (detail: string) => new Problem(400, 'invalid_parameter', detail),
  unavailable: () =>
    new Problem(
      503,
      'service_unavailable',
      'The service is shutting down or overloaded. Retry in a few seconds.',
    ),
  internal: () =>
    new Problem(
      500,
      'internal_error',
      'Something went wrong on our side. Retry; if it persists, contact support with the x-request-id.',
    ),
} as const;
