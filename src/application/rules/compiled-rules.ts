import { type CompiledRules, compileRules } from '../../domain/rules.js';
import type { RulesRepository } from '../../storage/repositories/rules.js';

/**
 * The enabled rules, compiled once per rule change (docs/scan-client.md, "Rules"). Before each use
 * the store's rule version is read (one small aggregate), so a rule added or disabled through any
 * instance applies to the next upload everywhere, without a bus.
 */
export function compiledRulesCache(rules: () => RulesRepository) {
  let current: { version: string; compiled: CompiledRules } | null = null;
  return async function currentRules(): Promise<CompiledRules> {
    const repo = rules();
    const version = await repo.version();
    if (current?.version !== version) current = { version, compiled: compileRules(await repo.list()) };
    return current.compiled;
  };
}

export type CurrentRules = ReturnType<typeof compiledRulesCache>;
