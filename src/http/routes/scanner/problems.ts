import type { PinStatus, Refusal } from '../../../domain/pin-lifecycle.js';
import { Problem } from '../../problem.js';

export const scannerProblems = {
  missingSessionToken: () =>
    new Problem(
      401,
      'missing_session_token',
      'Send the session token from /v1/scanner/start as Authorization: Bearer <token>.',
    ),
  invalidSessionToken: () =>
    new Problem(
      401,
      'invalid_session_token',
      'The session token is unknown. Start the scan again with /v1/scanner/start.',
    ),
};

const ENDED: Record<PinStatus, string> = {
  pending: 'has not started',
  scanning: 'is already being scanned',
  finished: 'has already been used for a finished scan',
  expired: 'has expired',
  error: 'was used for a scan that failed',
};

/** A lifecycle refusal as the 409/410 problem the scan client gets. */
export function refusalProblem(refusal: Refusal, code: string): Problem {
  switch (refusal.code) {
    case 'pin_already_used':
      return new Problem(409, 'pin_already_used', `PIN ${code} ${ENDED[refusal.status]}. Ask for a new PIN.`);
    case 'pin_expired':
      return new Problem(410, 'pin_expired', `PIN ${code} has expired. Ask for a new PIN.`);
    case 'scan_closed':
      return new Problem(
        409,
        'scan_closed',
        `The scan for PIN ${code} is ${refusal.status === 'finished' ? 'finished' : 'closed after an error'}; this session accepts no more reports.`,
      );
    case 'progress_backwards':
      return new Problem(
        409,
        'progress_backwards',
        `Progress is already ${refusal.current}; progress never goes down. Send a value of at least ${refusal.current}.`,
      );
  }
}
