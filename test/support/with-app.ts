import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { wire } from '../../src/wiring.js';
import type { Backend } from './backends.js';
import { installContractCheck } from './contract.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';

/** Runs `fn` against an app of its own (e.g. with a small limit) and always closes it. */
export async function withApp<T>(
  backend: Backend,
  env: Record<string, string>,
  clock: (() => number) | undefined,
  fn: (t: TestApp) => Promise<T>,
): Promise<T> {
  const t = await startTestApp(backend, env, clock);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/**
 * A second server on the same store and the same Redis prefix as `t`, as another instance of a
 * deployment would be. Close it before `t`.
 */
export async function startSibling(
  t: TestApp,
  backend: Backend,
  env: Record<string, string> = {},
  /** Its own clock, e.g. the test's (the first app's is not shared). */
  clock?: () => number,
): Promise<FastifyInstance> {
  const config = loadConfig({
    DATABASE_URL: backend.databaseUrl(t.dataDir),
    SCANPIN_DATA_DIR: t.dataDir,
    SCANPIN_ADMIN_TOKEN: ADMIN_TOKEN,
    ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
    ...env,
  });
  const services = await wire(config, {
    ...(t.pgSchema === undefined ? {} : { pgSchema: t.pgSchema }),
    redisPrefix: t.redisPrefix,
    ...(clock === undefined ? {} : { clock }),
  });
  const app = await buildApp(services.context, { probes: services.probes });
  app.addHook('onClose', async () => services.close());
  installContractCheck(app);
  await app.ready();
  return app;
}
