import type { AuditActor } from '../../domain/audit.js';
import type { SessionCaller } from '../access/authenticate-session.js';

/** A signed-in person, as the audit trail names them: their account and the session they used. */
export function sessionActor(caller: Pick<SessionCaller, 'accountId' | 'sessionId'>): AuditActor {
  return { kind: 'session', accountId: caller.accountId, sessionId: caller.sessionId };
}
