/**
 * The evidence document's TypeBox schema (`@scanpin/evidence/schema`): the server validates uploads
 * with it and publishes it in /openapi.json. The scanner and the dashboard import only the types and
 * caps (`@scanpin/evidence`), so TypeBox is not bundled into them.
 */

export * from '../sections/core.js';
export * from '../sections/jvm.js';
export * from '../sections/macros.js';
export * from '../sections/resource-packs.js';
export * from '../sections/windows-amcache.js';
export * from '../sections/windows-event-logs.js';
export * from '../sections/windows-execution.js';
export * from '../sections/windows-files.js';
export * from '../sections/windows-modules.js';
export * from '../sections/windows-services.js';
export * from '../sections/windows-usn.js';
export { EvidenceBody, EvidenceSources } from './document.js';
export { Count, Nullable, Section, Sha256, Strings, Text, TimestampInput, When } from './primitives.js';
