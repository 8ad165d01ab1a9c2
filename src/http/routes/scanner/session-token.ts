import type { FastifyRequest } from 'fastify';
import type { Pin } from '../../../domain/pin.js';
import { problems } from '../../problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The PIN a scanner session token names, on the scanner's report routes; null elsewhere. */
    scanSession: Pin | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i;

/**
 * The session token from `Authorization: Bearer <token>`: a missing header is missing_session_token
 * here; a malformed one is passed on as null, which the use case refuses as invalid_session_token.
 */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || header === '') throw problems.missingSessionToken();
  return BEARER.exec(header)?.[1] ?? null;
}

/** The scan this request's session token names; set before the body is read. */
export function sessionPin(request: FastifyRequest): Pin {
  if (request.scanSession === null) throw new Error(`${request.routeOptions.url} has no scanner session`);
  return request.scanSession;
}
