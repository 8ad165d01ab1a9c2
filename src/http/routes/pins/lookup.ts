import type { ErrorObject } from 'ajv';
import { normalisePinCode } from '../../../domain/pin-code.js';
import type { StoredReport } from '../../../storage/repositories/scans.js';
import type { PinRow } from '../../../storage/schema.js';
import type { AppDeps } from '../../deps.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { problems } from '../../problem.js';

/** A malformed :pinCode is 400 invalid_pin_code rather than a generic parameter error. */
export const pinCodeValidation: ValidationMapper = (part, _errors: readonly ErrorObject[]) =>
  part === 'params' ? problems.invalidPinCode() : undefined;

/** The PIN, if it exists (404) and was created by this account (403), in CONTRACT §3's order. */
export async function loadOwnedPin(deps: AppDeps, rawCode: string, accountId: number): Promise<PinRow> {
  const code = normalisePinCode(rawCode);
  const row = await deps.repos.pins.findByCode(code);
  if (row === undefined) throw problems.pinNotFound(code);
  if (row.account_id !== accountId) throw problems.pinForbidden(code);
  return row;
}

/** The report of a finished scan; its absence would be a broken invariant, not a caller's mistake. */
export async function loadReport(deps: AppDeps, pin: PinRow): Promise<StoredReport> {
  const report = await deps.repos.scans.findReport(pin.id);
  if (report === undefined) throw new Error(`PIN ${pin.id} is finished but has no report`);
  return report;
}
