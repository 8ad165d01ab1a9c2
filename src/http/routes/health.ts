import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkReadiness, type Probes } from '../../application/health/readiness.js';
import { problems } from '../problem.js';
import { ProblemResponse } from '../schemas/common.js';

const Ok = Type.Object({ status: Type.Literal('ok') });
const Check = Type.Enum(['ok', 'down']);
const OriginFile = Type.Object({
  state: Type.Enum(['off', 'loaded', 'unavailable']),
  lastChangeRejected: Type.Boolean(),
  databaseType: Type.Optional(Type.String()),
  builtAt: Type.Optional(Type.String({ format: 'date-time' })),
  entries: Type.Optional(Type.Integer({ minimum: 0 })),
});
const Ready = Type.Object({
  status: Type.Enum(['ok', 'degraded']),
  checks: Type.Object({ database: Check, redis: Type.Optional(Check) }),
  networkOrigins: Type.Optional(
    Type.Object(
      { country: OriginFile, asn: OriginFile, vpnAsns: OriginFile },
      {
        description:
          'The country (`GEOIP_COUNTRY_DB`) and ASN (`GEOIP_ASN_DB`) databases and the VPN list (`VPN_ASNS_FILE`): `off` when not configured, `unavailable` when configured but not loadable. They never decide readiness.',
      },
    ),
  ),
});

/** Liveness and readiness for orchestrators: no key, no rate limit (docs/operations.md, "Health"). */
export function healthRoutes(probes: Probes): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['Health'], summary: 'The process is up', response: { 200: Ok } }, logLevel: 'warn' },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['Health'],
          summary: 'The database is reachable',
          description:
            'Fails (503) only when the database is unreachable. A Redis outage shows as `degraded`: the instance keeps serving with its own rate-limit counters.',
          response: { 200: Ready, 503: ProblemResponse },
        },
        logLevel: 'warn',
      },
      async (request) => {
        const readiness = await checkReadiness(probes);
        if (readiness.status === 'unavailable') {
          request.log.warn({ checks: readiness.checks }, 'not ready: the database is unreachable');
          throw problems.storeUnreachable();
        }
        if (readiness.status === 'degraded') {
          request.log.warn({ checks: readiness.checks }, 'ready but degraded: Redis is unreachable');
        }
        return readiness.networkOrigins === undefined
          ? { status: readiness.status, checks: readiness.checks }
          : { status: readiness.status, checks: readiness.checks, networkOrigins: readiness.networkOrigins };
      },
    );
  };
}
