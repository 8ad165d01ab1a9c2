/**
 * Whether this scan runs with administrator rights and, when not, why (docs/scan-client.md, "Run as
 * administrator"): set once by the command line before anything is read, read by the sources that
 * need the rights (the USN journal) to say why they were not read.
 */
export type ElevationOutcome =
  | { elevated: true }
  | {
      elevated: false;
      why: 'declined' | 'no-elevate' | 'no-terminal' | 'failed' | 'unknown';
      detail?: string;
    };

let outcome: ElevationOutcome = { elevated: false, why: 'unknown' };

export function setElevationOutcome(value: ElevationOutcome): void {
  outcome = value;
}

export function elevationOutcome(): ElevationOutcome {
  return outcome;
}

/** Why a source that needs administrator rights was not read, in the player's and the staff's words. */
export function notElevatedReason(outcome: ElevationOutcome): string {
  if (outcome.elevated) return 'the scanner ran as administrator';
  const ask = 'it needs the scanner to run as administrator';
  switch (outcome.why) {
    case 'declined':
      return `not read: ${ask}, and the player declined Windows’ administrator prompt`;
    case 'no-elevate':
      return `not read: ${ask}, and the scanner was started with --no-elevate`;
    case 'no-terminal':
      return `not read: ${ask}; without a terminal, or with its output redirected, the scanner does not ask for it (run it as administrator)`;
    case 'failed':
      return `not read: ${ask}, and asking Windows for it failed${outcome.detail ? ` (${outcome.detail})` : ''}`;
    default:
      return `not read: ${ask} (run the scanner as administrator)`;
  }
}
