import { escapeEvidence, holdsRawEvidenceText, replaceRawText } from '@scanpin/evidence';
import type { EvidenceDocument } from '../../../domain/evidence.js';
import type { BodyValidator } from '../../../lib/json-schema-validators.js';

/** A JSON pointer's keys and indexes (`/client/version` → client, version), as Ajv's `instancePath`. */
function pointerParts(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * In `escaped`, the string at `pointer` set to the one `sent` holds there with its controls
 * replaced by U+FFFD. False when either has no string there (a key escaped on the way, say).
 */
function replaceAt(escaped: unknown, sent: unknown, pointer: string): boolean {
  const parts = pointerParts(pointer);
  const last = parts.pop();
  if (last === undefined) return false;
  let into = escaped;
  let from = sent;
  for (const part of parts) {
    if (typeof into !== 'object' || into === null || typeof from !== 'object' || from === null) return false;
    into = (into as Record<string, unknown>)[part];
    from = (from as Record<string, unknown>)[part];
  }
  if (typeof into !== 'object' || into === null || typeof from !== 'object' || from === null) return false;
  const value = (from as Record<string, unknown>)[last];
  if (typeof value !== 'string' || typeof (into as Record<string, unknown>)[last] !== 'string') return false;
  (into as Record<string, unknown>)[last] = replaceRawText(value);
  return true;
}

/**
 * The document with its control characters escaped as a current scanner sends them (docs/scan-client.md,
 * "Control characters"): one that holds any raw came from an older scanner. Escaping lengthens a
 * string, and escapeEvidence keeps each within the shortest cap of a machine's text; a field with a
 * shorter cap (the scanner's version, Prefetch's hash: text a scanner writes itself) can still pass
 * it, and only such a field gets its controls replaced by U+FFFD instead, which keeps its length.
 * Every other field stays escaped, so rules written in the escaped form still match it. Never a
 * refusal of the whole scan: should the document still break the schema, every control is replaced.
 *
 * `everyError` names every field that breaks the schema in one pass (a document can hold 4,096
 * Prefetch hashes); `decides` is the intake's own check.
 */
export function escapedDocument(
  doc: EvidenceDocument,
  decides: BodyValidator,
  everyError: () => BodyValidator,
): EvidenceDocument {
  if (!holdsRawEvidenceText(doc)) return doc;
  const escaped = escapeEvidence(doc);
  if (decides(escaped)) return escaped;
  const all = everyError();
  all(escaped);
  for (const error of all.errors ?? []) replaceAt(escaped, doc, error.instancePath);
  return decides(escaped) ? escaped : replaceRawText(doc);
}
