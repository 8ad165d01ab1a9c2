import type { FastifyRequest } from 'fastify';
import { sha256Hex } from '../../../lib/crypto.js';
import type { PinRow } from '../../../storage/schema.js';
import type { AppDeps } from '../../deps.js';
import { scannerProblems } from './problems.js';

declare module 'fastify' {
  interface FastifyRequest {
    scanPin: PinRow;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i;

/** onRequest hook: the session token names exactly one scan (its PIN). */
export function scannerSession(deps: AppDeps) {
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined || header === '') throw scannerProblems.missingSessionToken();
    const token = BEARER.exec(header)?.[1];
    const pin = token === undefined ? undefined : await deps.repos.scans.findBySessionHash(sha256Hex(token));
    if (pin === undefined) throw scannerProblems.invalidSessionToken();
    request.scanPin = pin;
  };
}
