import { afterAll, afterEach } from 'vitest';
import { takeContractViolations } from './contract.js';

/**
 * Loaded before every test file (vitest.config.ts, setupFiles): a test fails when an answer it caused
 * broke the OpenAPI document (test/support/contract.ts). Answers sent during beforeAll count against
 * the first test; those sent after the last test, against the file.
 */
function assertNoViolations(): void {
  const found = takeContractViolations();
  if (found.length > 0) {
    throw new Error(
      `Answers that break /openapi.json (docs/api.md, "The OpenAPI document"):\n${found.join('\n')}`,
    );
  }
}

afterEach(assertNoViolations);
afterAll(assertNoViolations);
