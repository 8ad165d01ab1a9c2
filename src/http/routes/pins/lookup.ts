import type { ErrorObject } from 'ajv';
import { normalisePinCode } from '../../../domain/pin-code.js';
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
