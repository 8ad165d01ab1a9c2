import type { BodySchemas } from '../../../application/scans/evidence-intake/tasks.js';
import { EvidenceBody } from './evidence-schema.js';
import { FinishBody } from './schemas.js';

/**
 * The scanner bodies read in the evidence intake's workers (docs/security.md, "Evidence uploads"):
 * the workers check them against these, the routes' own schemas, which the OpenAPI document shows.
 * One object for the process, so its workers are shared by every app built in it.
 */
export const WORKER_BODY_SCHEMAS: BodySchemas = { evidence: EvidenceBody, finish: FinishBody };
