import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { GAME_TYPES } from '../../../domain/game-types.js';
import { iso } from '../../../domain/time.js';
import { generatePinCode } from '../../../lib/pin-codes.js';
import type { EnterpriseRow } from '../../../storage/schema.js';
import type { AppDeps } from '../../deps.js';
import { requireAccount } from '../../plugins/api-key-auth.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { problems } from '../../problem.js';
import { CreatedPin, CreatePinBody, createErrors } from './schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    ownedEnterprise: EnterpriseRow;
  }
}

/**
 * A body whose only fault is a `type` string outside the list gets the specific invalid_game_type;
 * anything else, a non-string `type` included, is invalid_body (CONTRACT §3's order).
 */
const createValidation: ValidationMapper = (part, errors) =>
  part === 'body' &&
  errors.length > 0 &&
  errors.every((e) => e.instancePath === '/type' && e.keyword === 'enum')
    ? problems.invalidGameType(GAME_TYPES)
    : undefined;

export function createPinRoute(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, config, clock } = deps;

  // Account checks come before the body is even parsed: CONTRACT §3 orders them ahead of invalid_body.
  async function requireActiveOwner(request: FastifyRequest): Promise<void> {
    const account = requireAccount(request);
    if (account.banned) throw problems.accountBanned();
    const enterprise = await repos.enterprises.activeOwnedBy(account.id);
    if (enterprise === undefined) throw problems.notEnterpriseOwner();
    request.ownedEnterprise = enterprise;
  }

  return async (app) => {
    app.post(
      '/v1/pins/create',
      {
        schema: {
          summary: 'Create a scan PIN',
          description: 'Enterprise owners only. At most 3 active (pending + scanning) PINs per account.',
          tags: ['PINs'],
          security: [{ apiKey: [] }],
          body: CreatePinBody,
          response: { 201: CreatedPin, ...createErrors },
        },
        config: { permission: 'pins:create', mapValidation: createValidation },
        onRequest: requireActiveOwner,
      },
      async (request, reply) => {
        const { type, pinName = null, ramDump = false, private: isPrivate = false } = request.body;
        const enterprise = request.ownedEnterprise;
        const outcome = await repos.pins.createWithinLimit(
          {
            accountId: request.principal.accountId,
            enterpriseId: enterprise.id,
            type,
            pinName,
            ramDump,
            private: isPrivate,
            now: clock(),
            ttlMs: config.pinTtlSeconds * 1000,
          },
          { max: config.maxActivePins, idleTimeoutMs: config.scanIdleTimeoutSeconds * 1000 },
          generatePinCode,
        );
        if (!outcome.ok) throw problems.activePinLimit(config.maxActivePins);
        const pin = outcome.pin;
        return reply.code(201).send({
          pin: pin.code,
          type: pin.type,
          status: 'pending' as const,
          pinName: pin.pin_name,
          ramDump: pin.ram_dump === 1,
          private: pin.private === 1,
          expiresAt: iso(pin.expires_at),
          createdAt: iso(pin.created_at),
          enterprise: enterprise.name,
        });
      },
    );
  };
}
