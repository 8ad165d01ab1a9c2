import type { Config } from '../config.js';
import type { LifecycleSettings } from '../domain/pin-lifecycle.js';

/** The lifecycle timings configuration sets (PIN_TTL_SECONDS, SCAN_IDLE_TIMEOUT_SECONDS). */
export function lifecycleSettings(config: Config): LifecycleSettings & { ttlMs: number } {
  return { idleTimeoutMs: config.scanIdleTimeoutSeconds * 1000, ttlMs: config.pinTtlSeconds * 1000 };
}
