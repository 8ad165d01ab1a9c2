import { escapeEvidence } from '@scanpin/evidence';
import { redactEvidence } from '../redact.js';

/**
 * The one pass every string of the finished document goes through before it is sent or printed:
 * secrets redacted (redact.ts, docs/scan-client.md "Redaction"), then control characters escaped
 * (`@scanpin/evidence`'s text-escape.ts, docs/scan-client.md "Control characters"), each string kept
 * within its cap. Redaction first, so an escape never splits a secret it would have found.
 */
export function outgoingEvidence<T>(doc: T): T {
  return escapeEvidence(redactEvidence(doc));
}
