/*
 * Judging the scan client's evidence (docs/benchmarks.md, "Evidence"): 5 000 rules against an upload
 * of 50 000 collected strings (45 000 class names and 5 000 hinted strings from a game's memory, the
 * limits of one memory section) plus a mods folder. Measured twice: the domain's evaluation alone,
 * in this process on one core (compile once, then evaluate many times), and one whole upload over
 * HTTP against the server process (schema validation, the rules' version read, the evaluation, the
 * finish transaction that stores the document).
 */

import type { EvidenceDocument } from '../src/domain/evidence.js';
import {
  compileRules,
  evaluateEvidence,
  type Rule,
  type RuleKind,
  type RuleMatch,
} from '../src/domain/rules.js';
import type { NewRule } from '../src/storage/repositories/rules.js';
import { Api } from './api.js';
import { withContext } from './seed.js';

export const RULES = 5_000;
const CLASS_NAMES = 45_000;
const MEMORY_STRINGS = 5_000;
/** Uploads whose class names match a rule: a cheat client among the mods. */
const PLANTED = 12;

export interface EvidenceFigures {
  rules: number;
  strings: number;
  /** CPU time, ms. */
  compileMs: number;
  /** One evaluation of the document, CPU time in ms, over `runs` runs after a warm-up. */
  p50: number;
  p99: number;
  /** The same in wall time (includes any time the machine gave to other work). */
  wallP50: number;
  runs: number;
  findings: number;
  /** The whole upload over HTTP, when measured against a server. */
  http?: { bytes: number; uploads: number; firstMs: number; p50: number; p99: number };
}

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'ze',
  'ro',
  'mi',
  'tu',
  'ax',
  've',
  'lo',
  'qi',
  'dra',
  'sen',
  'bor',
  'fix',
  'hul',
  'wyn',
];
const PARTS = ['client', 'module', 'hack', 'render', 'mixin', 'util', 'gui', 'event', 'network', 'combat'];
const CLASSES = ['Manager', 'Handler', 'Screen', 'Module', 'Mixin', 'Renderer', 'Packet', 'Config', 'Hook'];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function word(rnd: () => number): string {
  const n = 2 + Math.floor(rnd() * 3);
  return Array.from({ length: n }, () => pick(rnd, SYLLABLES)).join('');
}

/** A cheat's package: what a rule names (`net/kazero/client/`). */
function cheatPackage(rnd: () => number, i: number): string {
  return `${pick(rnd, ['net', 'me', 'com', 'dev', 'org'])}/${word(rnd)}${i}/${pick(rnd, PARTS)}/`;
}

const KINDS: Array<[RuleKind, number]> = [
  ['memory-string', 0.6],
  ['jar-entry', 0.2],
  ['file-sha256', 0.1],
  ['file-name', 0.06],
  ['process-name', 0.04],
];

/** 5 000 rules, deterministic: most on memory strings and jar entries, contains and prefix. */
export function benchRules(count = RULES): NewRule[] {
  const rnd = random(7);
  const rules: NewRule[] = [];
  for (let i = 0; i < count; i++) {
    let roll = rnd();
    let kind: RuleKind = 'memory-string';
    for (const [k, share] of KINDS) {
      if (roll < share) {
        kind = k;
        break;
      }
      roll -= share;
    }
    const pkg = cheatPackage(rnd, i);
    let pattern: string;
    let match: RuleMatch;
    if (kind === 'file-sha256') {
      pattern = Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join('');
      match = 'exact';
    } else if (kind === 'file-name') {
      pattern = `${word(rnd)}${i}-client`;
      match = rnd() < 0.5 ? 'prefix' : 'contains';
    } else if (kind === 'process-name') {
      pattern = `${word(rnd)}${i}.exe`;
      match = 'exact';
    } else {
      const m = rnd();
      match = m < 0.6 ? 'contains' : m < 0.9 ? 'prefix' : 'exact';
      pattern = match === 'exact' ? `${pkg}${pick(rnd, CLASSES)}` : pkg;
    }
    rules.push({
      name: `Cheat ${i}`,
      kind,
      pattern,
      match,
      severity: rnd() < 0.7 ? 'detection' : 'suspicious',
      games: rnd() < 0.5 ? [] : ['Java'],
      enabled: true,
      source: null,
    });
  }
  return rules;
}

/** An upload of 50 000 collected strings from a modded game, a few of them a cheat's classes. */
export function benchEvidence(nonce: string, rules: readonly NewRule[]): EvidenceDocument {
  const rnd = random(11);
  const innocent = () =>
    `${pick(rnd, ['net/minecraft', 'com/mojang', 'java/util', 'org/lwjgl', 'net/fabricmc', 'io/netty'])}/${pick(rnd, PARTS)}/${word(rnd)}/${pick(rnd, CLASSES)}${Math.floor(rnd() * 1000)}`;
  const classNames = Array.from({ length: CLASS_NAMES }, innocent);
  const cheats = rules.filter((r) => r.kind === 'memory-string' && r.match !== 'exact').slice(0, PLANTED);
  cheats.forEach((r, i) => {
    classNames[(i + 1) * 3_000] = `${r.pattern}Main`;
  });
  const strings = Array.from({ length: MEMORY_STRINGS }, () => `[${word(rnd)}] loaded ${innocent()}`);
  const jars = Array.from({ length: 40 }, (_, i) => ({
    path: `~/.minecraft/mods/${word(rnd)}-${i}.jar`,
    kind: 'jar' as const,
    size: 100_000 + i,
    modifiedAt: null,
    createdAt: null,
    sha256: Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join(''),
    entries: Array.from({ length: 50 }, () => `${innocent()}.class`),
    entriesTotal: 50,
  }));
  const now = new Date();
  return {
    schema: 1,
    nonce,
    client: { version: '0.1.0', platform: 'win32', arch: 'x64' },
    sources: {
      processes: {
        status: 'collected',
        reason: null,
        items: [
          {
            pid: 4242,
            name: 'javaw.exe',
            path: 'C:\\Program Files\\Java\\bin\\javaw.exe',
            sha256: null,
            startedAt: null,
            commandLine: 'javaw.exe -Xmx4G net.minecraft.client.main.Main',
            injections: [],
          },
        ],
      },
      memory: {
        status: 'collected',
        reason: null,
        items: [
          {
            pid: 4242,
            process: 'javaw.exe',
            readable: true,
            reason: null,
            bytesScanned: 2 ** 31,
            regions: 900,
            classNames,
            strings,
            truncated: false,
          },
        ],
      },
      files: { status: 'collected', reason: null, installations: ['~/.minecraft'], items: jars },
      logs: { status: 'collected', reason: null, items: [] },
      discord: { status: 'collected', reason: null, accounts: [] },
      network: { status: 'collected', reason: null, adapters: [] },
      system: {
        status: 'collected',
        reason: null,
        os: 'Windows 11 Pro 23H2',
        bootedAt: null,
        logonAt: null,
        virtualMachine: [],
        clientTime: now.toISOString(),
      },
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

/** The evaluation alone, in this process: compiled once, then evaluated `runs` times after a warm-up. */
export function measureEvaluation(runs: number): EvidenceFigures {
  const rules: Rule[] = benchRules().map((r, i) => ({ ...r, id: i + 1, createdAt: 0, updatedAt: 0 }));
  const doc = benchEvidence('n'.repeat(32), rules);
  const compiles: number[] = [];
  let compiled = compileRules(rules);
  for (let i = 0; i < 5; i++) {
    const c = process.cpuUsage();
    compiled = compileRules(rules);
    const d = process.cpuUsage(c);
    compiles.push((d.user + d.system) / 1000);
  }
  let findings = 0;
  for (let i = 0; i < 5; i++) findings = evaluateEvidence(compiled, doc, 'Java').findings.length;
  // CPU time of this process, not wall time: on a machine shared with other work, a run the
  // scheduler paused would otherwise count the pause (docs/benchmarks.md, "Evidence").
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const d = process.cpuUsage(since);
    return (d.user + d.system) / 1000;
  };
  const times: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    evaluateEvidence(compiled, doc, 'Java');
    times.push(cpuMs(c));
    wall.push(performance.now() - t);
  }
  wall.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  compiles.sort((a, b) => a - b);
  const strings = doc.sources.memory.items.reduce((n, m) => n + m.classNames.length + m.strings.length, 0);
  return {
    rules: rules.length,
    strings,
    compileMs: percentile(compiles, 50),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    wallP50: percentile(wall, 50),
    runs,
    findings,
  };
}

/** The rules as an operator adds them, in one transaction (5 000 audited commits would take minutes). */
export function seedRules(env: NodeJS.ProcessEnv): Promise<void> {
  return withContext(env, (ctx) =>
    ctx.transaction(async (repos) => {
      const now = ctx.clock();
      for (const rule of benchRules()) await repos.rules.insert(rule, now);
    }),
  );
}

/**
 * `uploads` whole uploads against the server, one after the other, each on its own started scan; the
 * first also compiles the rules. Only the upload is timed, not the PIN's creation and start.
 */
export async function measureUploads(
  base: string,
  key: string,
  uploads: number,
): Promise<NonNullable<EvidenceFigures['http']>> {
  const api = new Api(base, key);
  const rules = benchRules();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < uploads; i++) {
    const { pin } = await api.call<{ pin: string }>('POST', '/v1/pins/create', { type: 'Java' });
    const start = await api.call<{ sessionToken: string; nonce: string }>('POST', '/v1/scanner/start', {
      pin,
      hwids: [`EVIDENCE-${i}-DISK`],
    });
    const doc = benchEvidence(start.nonce, rules);
    bytes = Buffer.byteLength(JSON.stringify(doc));
    const t = performance.now();
    const answer = await api.call<{ result: string }>('POST', '/v1/scanner/evidence', doc, {
      authorization: `Bearer ${start.sessionToken}`,
    });
    times.push(performance.now() - t);
    if (answer.result !== 'cheating')
      throw new Error(`the planted cheat was not found: ${JSON.stringify(answer)}`);
  }
  const first = times[0] as number;
  const rest = times.slice(1).sort((a, b) => a - b);
  return { bytes, uploads, firstMs: first, p50: percentile(rest, 50), p99: percentile(rest, 99) };
}
