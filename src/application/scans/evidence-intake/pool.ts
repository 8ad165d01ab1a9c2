import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { EvidenceView } from '../../../domain/evidence-view.js';
import type { Judgement } from '../../../domain/rules.js';
import {
  type BodySchemas,
  type Decoded,
  type DecodeTask,
  type EvaluateTask,
  type IntakeOutcome,
  type IntakeTask,
  type PageTask,
  useBodySchemas,
} from './tasks.js';

/**
 * Worker threads for the evidence intake (docs/security.md, "Evidence uploads"; tasks.ts says what
 * runs there). Piscina keeps the threads, queues tasks and, when a task's time limit passes,
 * terminates the thread that runs it and starts another: a crafted document can cost a worker its
 * time limit, never the event loop. The queue is bounded; past it the upload is refused as busy.
 */

export interface EvidenceIntakeSettings {
  /** Worker threads; by default one fewer than the cores (at least one), at most four. */
  threads: number;
  /** A task still running after this is stopped and its upload answered 503 (retry). */
  timeLimitMs: number;
  /** Tasks waiting for a thread beyond this are refused at once as busy. */
  maxQueue: number;
  /** Each thread's heap: a document at the upload limit parses into far less. */
  heapMb: number;
}

export function defaultIntakeSettings(): EvidenceIntakeSettings {
  return {
    threads: Math.min(4, Math.max(1, availableParallelism() - 1)),
    timeLimitMs: 30_000,
    maxQueue: 32,
    heapMb: 768,
  };
}

/** Raised when the pool is full or a task ran out of time: the caller answers 503 busy. */
export class IntakeBusy extends Error {
  constructor(reason: 'queue-full' | 'time-limit') {
    super(`evidence intake busy: ${reason}`);
    this.name = 'IntakeBusy';
  }
}

/** Raised when a document exhausted a worker's heap: no valid document does, so it is refused (400). */
export class IntakeTooCostly extends Error {
  constructor() {
    super('The document needs more memory to read than any valid evidence document does.');
    this.name = 'IntakeTooCostly';
  }
}

export interface EvidenceIntake {
  intake(task: IntakeTask): Promise<IntakeOutcome>;
  decodeBody(task: DecodeTask): Promise<Decoded>;
  evaluate(task: EvaluateTask): Promise<Judgement>;
  page(task: PageTask): Promise<EvidenceView | { kind: 'not-held' }>;
}

// Run from the TypeScript sources (tests, `npm run dev`), the worker loads them through tsx.
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(
  new URL(fromSources ? './worker-from-sources.mjs' : './worker.js', import.meta.url),
);

/**
 * One pool per process and settings: a server builds one app, but the tests build hundreds per
 * process, and each would otherwise start its own threads (docs/architecture.md, "Tests"). Idle
 * threads do not keep the process alive and end after a minute.
 */
interface SharedPool {
  piscina: Piscina;
  /**
   * Tasks handed to the pool and not yet settled. Counted here rather than by Piscina's maxQueue,
   * whose count leaves out tasks given to a thread that is still starting: a cold pool took any burst.
   */
  inFlight: number;
}

const pools = new WeakMap<BodySchemas, Map<string, SharedPool>>();

function poolFor(settings: EvidenceIntakeSettings, schemas: BodySchemas): SharedPool {
  let bySettings = pools.get(schemas);
  if (bySettings === undefined) {
    bySettings = new Map();
    pools.set(schemas, bySettings);
  }
  const key = JSON.stringify(settings);
  let pool = bySettings.get(key);
  if (pool === undefined) {
    const piscina = new Piscina({
      filename: workerFile,
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: 60_000,
      workerData: { schemas },
      resourceLimits: { maxOldGenerationSizeMb: settings.heapMb },
    });
    pool = { piscina, inFlight: 0 };
    bySettings.set(key, pool);
  }
  return pool;
}

export function createEvidenceIntake(settings: EvidenceIntakeSettings, schemas: BodySchemas): EvidenceIntake {
  const pool = poolFor(settings, schemas);
  // Small reports are decoded on the event loop too (deliver-report.ts).
  useBodySchemas(schemas);

  async function run<T>(name: string, task: unknown): Promise<T> {
    if (pool.inFlight >= settings.threads + settings.maxQueue) throw new IntakeBusy('queue-full');
    pool.inFlight++;
    const signal = AbortSignal.timeout(settings.timeLimitMs);
    try {
      return (await pool.piscina.run(task, { name, signal })) as T;
    } catch (error) {
      if (signal.aborted) throw new IntakeBusy('time-limit');
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new IntakeTooCostly();
      throw error;
    } finally {
      pool.inFlight--;
    }
  }

  return {
    intake: (task) => run('intake', task),
    decodeBody: (task) => run('decodeBody', task),
    evaluate: (task) => run('evaluate', task),
    page: (task) => run('page', task),
  };
}
