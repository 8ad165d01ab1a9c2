import type { ValidationMapper } from '../../plugins/errors.js';
import { problems } from '../../problem.js';

/** A malformed :pinCode is 400 invalid_pin_code rather than a generic parameter error. */
export const pinCodeValidation: ValidationMapper = (part) =>
  part === 'params' ? problems.invalidPinCode() : undefined;
