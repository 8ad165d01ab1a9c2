import type { RulesRepository } from '../../storage/repositories/rules.js';
import type { RulesSnapshot } from '../scans/evidence-intake/tasks.js';

/**
 * The rules as of the store's latest rule change (docs/scan-client.md, "Rules"). Before each use the
 * store's rule version is read (one small aggregate), so a rule added or disabled through any instance
 * applies to the next upload everywhere, without a bus. The list is read again only when the version
 * changed; each evidence intake worker compiles a version once, off the event loop
 * (scans/evidence-intake/tasks.ts), since compiling grows with the patterns (docs/security.md).
 */
export function currentRulesSnapshot(rules: () => RulesRepository) {
  let current: RulesSnapshot | null = null;
  return async function currentRules(): Promise<RulesSnapshot> {
    const repo = rules();
    const version = await repo.version();
    if (current?.version !== version) current = { version, rules: await repo.list() };
    return current;
  };
}

export type CurrentRules = ReturnType<typeof currentRulesSnapshot>;
