import fc from 'fast-check';
import { takeContractViolations } from '../support/contract.js';
import { caseFor, describeCase, type FuzzCase, send } from './cases.js';
import { echoedSecrets, judge } from './judge.js';
import { labelOf, type Operation, operationsOf } from './operations.js';
import { dumpStore, storeChanges } from './store-dump.js';
import { buildWorld, type FuzzApp } from './world.js';

export interface FuzzOptions {
  /** Cases in all. */
  runs: number;
  /** Cases per world: a fresh owner, keys and sessions after that many, since fuzzed 2xx may revoke them. */
  perWorld: number;
  seed: number;
  /** Compare a dump of the store before and after every refused request (slower on PostgreSQL). */
  checkStore: boolean;
  /**
   * Cases per store: a dump reads every row, so a store that grows for the whole run would make each
   * case slower than the last. Long runs move to a fresh app and store after this many.
   */
  perStore: number;
}

interface Counts {
  cases: number;
  ok: number;
  redirect: number;
  refused: number;
  fiveXx: number;
  ms: number;
}

export interface FuzzStats {
  seed: number;
  cases: number;
  /** Requests light-my-request could not even build (not sent). */
  notSent: number;
  fiveXx: number;
  storeChecks: number;
  storeChanges: number;
  byEndpoint: Map<string, Counts>;
  codes: Map<string, number>;
  /** Distinct failures (by endpoint and kind), each with one request that shows it. */
  failures: Map<string, string>;
  failureCount: number;
  ms: number;
}

function fail(stats: FuzzStats, op: Operation, what: string, c: FuzzCase): void {
  stats.failureCount++;
  const key = `${labelOf(op)}: ${what.replace(/\d+/g, 'N').slice(0, 80)}`;
  if (!stats.failures.has(key)) stats.failures.set(key, `${labelOf(op)}: ${what}\n    ${describeCase(c)}`);
}

/**
 * Sends `runs` generated requests over every operation of the app's /openapi.json (and the hidden
 * pages) and records every answer that breaks a property instead of stopping at the first: `npm run
 * fuzz` reports counts. Properties (docs/api.md, "Errors"): never a 5xx; a refusal is a problem with
 * a documented code; answers match /openapi.json; a refused request changes nothing in the store.
 */
export async function runFuzz(start: () => Promise<FuzzApp>, options: FuzzOptions): Promise<FuzzStats> {
  const started = Date.now();
  let target = await start();
  let storeCases = 0;
  const ops = operationsOf(target.app);
  const stats: FuzzStats = {
    seed: options.seed,
    cases: 0,
    notSent: 0,
    fiveXx: 0,
    storeChecks: 0,
    storeChanges: 0,
    byEndpoint: new Map(
      ops.map((op) => [labelOf(op), { cases: 0, ok: 0, redirect: 0, refused: 0, fiveXx: 0, ms: 0 }]),
    ),
    codes: new Map(),
    failures: new Map(),
    failureCount: 0,
    ms: 0,
  };
  takeContractViolations();
  let round = 0;
  for (let done = 0; done < options.runs; done += options.perWorld, round++) {
    if (storeCases >= options.perStore) {
      await target.close();
      target = await start();
      storeCases = 0;
    }
    storeCases += options.perWorld;
    const world = await buildWorld(target);
    takeContractViolations();
    let before: Record<string, string[]> | undefined;
    const arbitrary = fc.constantFrom(...ops).chain((op) => caseFor(op, world).map((c) => [op, c] as const));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([op, c]) => {
        if (options.checkStore && before === undefined) before = await dumpStore(target.store);
        const t0 = Date.now();
        const answer = await Promise.race([
          send(target.app, c),
          new Promise<{ hung: true }>((resolve) => setTimeout(() => resolve({ hung: true }), 20_000).unref()),
        ]);
        if ('hung' in answer) {
          fail(stats, op, 'no answer within 20 s', c);
          return;
        }
        const took = Date.now() - t0;
        if ('refused' in answer) {
          stats.notSent++;
          return;
        }
        stats.cases++;
        const counts = stats.byEndpoint.get(labelOf(op));
        if (counts) {
          counts.cases++;
          counts.ms += took;
          if (answer.status >= 500) counts.fiveXx++;
          else if (answer.status >= 400) counts.refused++;
          else if (answer.status >= 300) counts.redirect++;
          else counts.ok++;
        }
        if (answer.status >= 500) stats.fiveXx++;
        const sent = `${c.url} ${JSON.stringify(c.headers)} ${c.payload?.toString() ?? ''}`;
        const verdict = judge(op, c.method, answer, sent);
        if (verdict.code !== undefined)
          stats.codes.set(verdict.code, (stats.codes.get(verdict.code) ?? 0) + 1);
        for (const p of verdict.problems) fail(stats, op, p, c);
        if (answer.status >= 400)
          for (const p of echoedSecrets(c.headers, answer.body)) fail(stats, op, p, c);
        for (const v of takeContractViolations()) fail(stats, op, `breaks /openapi.json: ${v}`, c);
        if (!options.checkStore) return;
        if (answer.status >= 400 && answer.status < 500) {
          const after = await dumpStore(target.store);
          stats.storeChecks++;
          const changes = storeChanges(before ?? {}, after);
          if (changes.length > 0) {
            stats.storeChanges++;
            fail(stats, op, `refused with ${answer.status} but changed the store: ${changes.join('; ')}`, c);
          }
          before = after;
        } else {
          // A 2xx changed the store on purpose, and even a read may write (a PIN's expiry applied
          // when read): the next case takes a fresh dump.
          before = undefined;
        }
      }),
      { numRuns: Math.min(options.perWorld, options.runs - done), seed: options.seed + round },
    );
  }
  await target.close();
  stats.ms = Date.now() - started;
  return stats;
}

/** The figures, as printed by the test and by `npm run fuzz`. */
export function formatStats(name: string, s: FuzzStats): string {
  const lines = [
    `fuzz on ${name}: seed ${s.seed}, ${s.cases} cases in ${(s.ms / 1000).toFixed(1)} s` +
      ` (${s.notSent} not expressible by inject), 5xx seen: ${s.fiveXx},` +
      ` store checks: ${s.storeChecks}, store changes on refusal: ${s.storeChanges}, failures: ${s.failureCount}`,
    `problem codes seen: ${[...s.codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c}=${n}`)
      .join(' ')}`,
    'per endpoint (cases / 2xx / 3xx / 4xx / 5xx, ms):',
    ...[...s.byEndpoint.entries()].map(
      ([label, c]) =>
        `  ${label.padEnd(64)} ${c.cases} / ${c.ok} / ${c.redirect} / ${c.refused} / ${c.fiveXx}, ${c.ms}`,
    ),
  ];
  if (s.failures.size > 0) lines.push('failures:', ...[...s.failures.values()].map((f) => `  ${f}`));
  return lines.join('\n');
}
