import type { PinStatus } from './types.js';

/** The states after which a PIN never changes (docs/api.md, "Lifecycle"). */
export const FINAL_STATES: ReadonlySet<PinStatus['status']> = new Set(['finished', 'expired', 'error']);
