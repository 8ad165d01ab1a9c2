import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dropTestStores, requireServicesInCi } from './backends.js';
import { sqliteTemplateDir } from './store-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL schemas and databases, so cleaning up never touches another run's. */
    testRunId: string;
  }
}

/**
 * Runs once around the whole run: stale schemas and databases of interrupted runs go first, this run's
 * last.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireServicesInCi();
  const runId = Date.now().toString(36);
  project.provide('testRunId', runId);
  await dropTestStores({ olderThanMs: 3_600_000 });
  return async () => {
    rmSync(sqliteTemplateDir(runId), { recursive: true, force: true });
    await dropTestStores({ runId });
  };
}
