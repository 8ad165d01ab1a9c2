import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { UseCaseContext } from '../../src/application/context.js';
import { loadConfig } from '../../src/config.js';
import type { ServiceLog } from '../../src/logger.js';
import { wire } from '../../src/wiring.js';
import { type Backend, TEST_SCHEMA_PREFIX } from './backends.js';
import { installContractCheck } from './contract.js';
import { givePgSchemaBack, takePgSchema } from './pg-schema-pool.js';
import { copySqliteTemplate } from './store-template.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const ALL_PERMISSIONS = [
  'pins:create',
  'pins:status',
  'pins:results',
  'user:risk-score',
  'scanned-users:lookup',
] as const;

export interface Owner {
  accountId: number;
  enterpriseId: number;
  key: string;
}

export interface TestApp {
  app: FastifyInstance;
  deps: UseCaseContext;
  dataDir: string;
  /** Where this app's data lives, so a second instance can share it (PostgreSQL schema, Redis prefix). */
  pgSchema: string | undefined;
  redisPrefix: string;
  /** Operator API call; throws unless the status is 2xx. */
  admin<T = unknown>(method: InjectOptions['method'], url: string, body?: unknown): Promise<T>;
  adminRaw(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  /** Published API call with an optional key. */
  api(
    method: InjectOptions['method'],
    url: string,
    opts?: { key?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<LightMyRequestResponse>;
  createAccount(name?: string, extra?: Record<string, unknown>): Promise<number>;
  issueKey(
    accountId: number,
    permissions: readonly string[],
    extra?: Record<string, unknown>,
  ): Promise<string>;
  /** An account owning an active Enterprise, with a key holding every permission. */
  createOwner(name?: string): Promise<Owner>;
  createPin(key: string, body?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  clock?: () => number,
  /** Share counters with another app on purpose, as two installations on one Redis would. */
  options: {
    redisPrefix?: string;
    logger?: FastifyBaseLogger;
    /** Where start-up and background notices go (wiring's log); silent without one. */
    serviceLog?: ServiceLog;
    webDistDir?: string;
    /** Adds routes only a test has (e.g. a deprecated one) before the app starts. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /** false: no sweeper or webhook worker, so the test runs them itself, one step at a time. */
    backgroundJobs?: boolean;
    /** Where new PIN codes come from (wiring's `pinCodes`). */
    pinCodes?: () => string;
    /** PostgreSQL: a schema of its own, migrated by this start, never one from the pool. */
    freshPgSchema?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scanpin-test-'));
  const unique = `${TEST_SCHEMA_PREFIX}${inject('testRunId')}_${process.pid}_${counter++}`;
  const config = loadConfig({
    DATABASE_URL: backend.databaseUrl(dataDir),
    SCANPIN_DATA_DIR: dataDir,
    SCANPIN_ADMIN_TOKEN: ADMIN_TOKEN,
    ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
    ...env,
  });
  const redisPrefix = options.redisPrefix ?? `scanpin:test:${unique}:`;
  await startFromTemplate(config.databaseUrl, dataDir);
  const pgSchema = !backend.pg
    ? undefined
    : options.freshPgSchema
      ? unique
      : await takePgSchema(config.databaseUrl, `${TEST_SCHEMA_PREFIX}${inject('testRunId')}_${process.pid}_`);
  let closed = false;
  const services = await wire(config, {
    ...(pgSchema === undefined ? {} : { pgSchema }),
    redisPrefix,
    ...(clock ? { clock } : {}),
    ...(options.serviceLog ? { log: options.serviceLog } : {}),
    ...(options.backgroundJobs === false ? { backgroundJobs: false } : {}),
    ...(options.pinCodes ? { pinCodes: options.pinCodes } : {}),
  });
  const app = await buildApp(services.context, {
    probes: services.probes,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  app.addHook('onClose', async () => services.close());
  installContractCheck(app);
  await options.beforeReady?.(app);
  await app.ready();

  const adminRaw: TestApp['adminRaw'] = (method, url, body, token = ADMIN_TOKEN) =>
    app.inject({
      method,
      url,
      headers: {
        'x-admin-token': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const t: TestApp = {
    app,
    deps: services.context,
    dataDir,
    pgSchema,
    redisPrefix,
    adminRaw,
    async admin<T>(method: InjectOptions['method'], url: string, body?: unknown): Promise<T> {
      const res = await adminRaw(method, url, body);
      if (res.statusCode >= 300) throw new Error(`${method} ${url} -> ${res.statusCode} ${res.body}`);
      return (res.body ? res.json() : undefined) as T;
    },
    api(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.key !== undefined) headers['x-api-key'] = opts.key;
      if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
      return app.inject({
        method,
        url,
        headers,
        ...(opts.remoteAddress === undefined ? {} : { remoteAddress: opts.remoteAddress }),
        ...(opts.body === undefined
          ? {}
          : { payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }),
      });
    },
    async createAccount(name = 'Account', extra = {}) {
      return (await t.admin<{ id: number }>('POST', '/admin/v1/accounts', { name, ...extra })).id;
    },
    async issueKey(accountId, permissions, extra = {}) {
      return (
        await t.admin<{ key: string }>('POST', `/admin/v1/accounts/${accountId}/keys`, {
          permissions,
          ...extra,
        })
      ).key;
    },
    async createOwner(name = 'Owner') {
      const accountId = await t.createAccount(name);
      const enterprise = await t.admin<{ id: number }>('POST', '/admin/v1/enterprises', {
        name: `${name}'s Enterprise`,
        ownerAccountId: accountId,
      });
      const key = await t.issueKey(accountId, ALL_PERMISSIONS);
      return { accountId, enterpriseId: enterprise.id, key };
    },
    async createPin(key, body = { type: 'FiveM' }) {
      const res = await t.api('POST', '/v1/pins/create', { key, body });
      if (res.statusCode !== 201) throw new Error(`create pin -> ${res.statusCode} ${res.body}`);
      return res.json<{ pin: string }>().pin;
    },
    async close() {
      // A PostgreSQL schema goes back to the worker's pool, for the next app to reset and use
      // (test/support/pg-schema-pool.ts).
      await app.close();
      if (pgSchema !== undefined && pgSchema !== unique && !closed)
        givePgSchemaBack(config.databaseUrl, pgSchema);
      closed = true;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/**
 * A new SQLite store, in the test app's own data folder, starts as a copy of a migrated one
 * (test/support/store-template.ts). Any other store is left alone.
 */
async function startFromTemplate(databaseUrl: string, dataDir: string): Promise<void> {
  const ownFile = join(dataDir, 'scanpin.db');
  if (databaseUrl === `sqlite:${ownFile}` && !existsSync(ownFile)) {
    await copySqliteTemplate(inject('testRunId'), ownFile);
  }
}
