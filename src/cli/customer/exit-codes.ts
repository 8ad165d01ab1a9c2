import { ScanpinError } from '@scanpin/client';

/**
 * Exit codes of the customer commands, for scripts (docs/cli.md, "Exit codes"). The verdict codes
 * come from `pins watch` and `pins results`; every command can end in the others.
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  auth: 3,
  cheating: 10,
  suspicious: 11,
  expired: 12,
  scanError: 13,
} as const;

/** Ends a customer command with this exit code; runCli turns it into the process's code. */
export class CliExit extends Error {
  constructor(
    readonly code: number,
    message = '',
  ) {
    super(message);
    this.name = 'CliExit';
  }
}

/** Refusals that mean "your key cannot do this": fix the key, not the request. */
const AUTH_CODES = new Set([
  'missing_api_key',
  'invalid_api_key',
  'insufficient_permission',
  'licence_required',
]);

export function exitCodeFor(error: unknown): number {
  if (error instanceof ScanpinError) {
    if (AUTH_CODES.has(error.code) || error.status === 401) return EXIT.auth;
    if (error.status === 400 && error.code !== 'active_pin_limit') return EXIT.usage;
  }
  return EXIT.failed;
}

/** The exit code a PIN's outcome gives: 0 only for a finished, legit scan. */
export function exitCodeForOutcome(status: string, result: string | null): number {
  if (status === 'expired') return EXIT.expired;
  if (status === 'error') return EXIT.scanError;
  if (result === 'cheating') return EXIT.cheating;
  if (result === 'suspicious') return EXIT.suspicious;
  return EXIT.ok;
}
