import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { wire } from '../../../src/wiring.js';

/** Where the client's generated types live (committed; a test fails when they are stale). */
export const GENERATED_FILE = join(dirname(fileURLToPath(import.meta.url)), '../src/generated/openapi.ts');

const HEADER = `// Generated from the server's /openapi.json by packages/client/scripts/generate-types.ts.
// Do not edit: run \`npm run generate:client\` after changing a route schema.
`;

/** The server's own OpenAPI document, from an app built in process on a throwaway SQLite store. */
export async function serverOpenApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scanpin-openapi-'));
  try {
    const config = loadConfig({
      DATABASE_URL: `sqlite:${dataDir}/scanpin.db`,
      SCANPIN_DATA_DIR: dataDir,
      SCANPIN_ADMIN_TOKEN: 'openapi-generation-token-0123456789',
    });
    const services = await wire(config, {});
    const app = await buildApp(services.context, { probes: services.probes });
    try {
      await app.ready();
      return (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    } finally {
      await app.close();
      await services.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript source the client's types are generated as. */
export async function generatedTypes(): Promise<string> {
  const document = await serverOpenApiDocument();
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes its own OpenAPI3 type.
  const ast = await openapiTS(document as any, { alphabetize: true });
  return `${HEADER}\n${astToString(ast)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_FILE, await generatedTypes());
  console.log(`wrote ${GENERATED_FILE}`);
}
