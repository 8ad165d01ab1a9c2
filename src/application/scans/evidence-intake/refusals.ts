import { refuse } from '../../failures.js';
import { IntakeBusy, IntakeTooCostly } from './pool.js';

/**
 * Work in the evidence intake, its two refusals made the caller's: every worker busy or the time
 * limit passed is 503 (retry, nothing was saved); a body that exhausted a worker's heap is 400, since
 * no valid body does (docs/security.md, "Evidence uploads").
 */
export async function inIntake<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof IntakeBusy) refuse({ code: 'service_unavailable', cause: 'busy' });
    if (error instanceof IntakeTooCostly)
      refuse({ code: 'invalid_body', detail: `Invalid request body: ${error.message}` });
    throw error;
  }
}
