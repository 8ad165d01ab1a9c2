import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generatedTypes } from '../../packages/client/scripts/generate-types.js';

describe("@scanpin/client's generated types", () => {
  it('match the OpenAPI document the server serves now (else run `npm run generate:client`)', async () => {
    const committed = readFileSync(GENERATED_FILE, 'utf8');
    const fresh = await generatedTypes();
    expect(
      committed === fresh,
      'packages/client/src/generated/openapi.ts is stale: run `npm run generate:client`',
    ).toBe(true);
  }, 60_000);
});
