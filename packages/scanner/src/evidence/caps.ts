/**
 * The document's caps, held once in packages/evidence (the server's schema refuses a document past
 * them; the collectors cut to them). Kept as a name for collectors written before the package: import
 * `EVIDENCE_CAPS` from `@scanpin/evidence` instead.
 */
export { EVIDENCE_CAPS } from '@scanpin/evidence';
