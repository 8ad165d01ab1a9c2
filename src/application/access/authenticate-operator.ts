import { secretsEqual } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';

/** The operator token, compared in constant time (docs/operations.md, "Operator API"). */
export function isOperatorToken(ctx: UseCaseContext, sent: string | undefined): boolean {
  return typeof sent === 'string' && secretsEqual(sent, ctx.adminToken);
}
