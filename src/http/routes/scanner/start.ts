import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPlaceholderHwid } from '../../../domain/hardware-id.js';
import { normalisePinCode } from '../../../domain/pin-code.js';
import { observe, start } from '../../../domain/pin-lifecycle.js';
import { iso } from '../../../domain/time.js';
import { hmacHex, randomToken, sha256Hex } from '../../../lib/crypto.js';
import { pinStateOf } from '../../../storage/repositories/pins.js';
import type { AppDeps } from '../../deps.js';
import type { ValidationMapper } from '../../plugins/errors.js';
import { problems } from '../../problem.js';
import { refusalProblem } from './problems.js';
import { StartBody, StartResponse, startErrors } from './schemas.js';

const MINUTE_MS = 60_000;

const startValidation: ValidationMapper = (part, errors) =>
  part === 'body' &&
  errors.length > 0 &&
  errors.every((e) => e.instancePath === '/pin' && e.keyword === 'pattern')
    ? problems.invalidPinCode()
    : undefined;

export function scannerStartRoute(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, config, clock, rateLimits, hashSecret } = deps;
  const settings = { idleTimeoutMs: config.scanIdleTimeoutSeconds * 1000 };

  // The PIN is the only secret here, so starts are limited per client IP against guessing.
  async function limitStarts(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const hit = await rateLimits.hit(
      `scanner-start:${request.ip}`,
      config.scannerStartPerMinute,
      MINUTE_MS,
      clock(),
    );
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    if (!hit.allowed) {
      reply.header('retry-after', resetSeconds);
      throw problems.rateLimited(resetSeconds);
    }
  }

  /**
   * The keyed hashes the scan is filed under. Placeholder IDs are left out; a scan with none left gets
   * a one-off profile of its own, so it still counts for the accounts it reports (and links them to
   * each other, as they were on one machine) without linking them to anyone else.
   */
  function hardwareProfiles(hwids: readonly string[], pinId: number): string[] {
    const real = hwids.filter((hwid) => !isPlaceholderHwid(hwid));
    const sources = real.length > 0 ? real.map((hwid) => `hwid:${hwid}`) : [`unidentified-machine:${pinId}`];
    return sources.map((source) => hmacHex(hashSecret, source));
  }

  return async (app) => {
    app.post(
      '/v1/scanner/start',
      {
        schema: {
          summary: 'Start a scan with a PIN',
          description: 'Called by the scan client. No API key: the PIN is the secret. Limited per client IP.',
          tags: ['Scanner'],
          body: StartBody,
          response: { 201: StartResponse, ...startErrors },
        },
        config: { mapValidation: startValidation },
        onRequest: limitStarts,
      },
      async (request, reply) => {
        const now = clock();
        const code = normalisePinCode(request.body.pin);
        const pin = await repos.pins.findByCode(code);
        if (pin === undefined) throw problems.pinNotFound(code);
        const move = start(observe(pinStateOf(pin), now, settings), now);
        if (!move.ok) throw refusalProblem(move.refusal, code);

        const sessionToken = randomToken(32);
        const started = await repos.scans.start(pin, move.state, {
          sessionHash: sha256Hex(sessionToken),
          clientVersion: request.body.clientVersion ?? null,
          hwidHashes: hardwareProfiles(request.body.hwids, pin.id),
          now,
        });
        // Another start won the race between our read and our write.
        if (!started) throw refusalProblem({ code: 'pin_already_used', status: 'scanning' }, code);
        return reply.code(201).send({
          sessionToken,
          pin: pin.code,
          type: pin.type,
          ramDump: pin.ram_dump === 1,
          expiresAt: iso(pin.expires_at),
        });
      },
    );
  };
}
