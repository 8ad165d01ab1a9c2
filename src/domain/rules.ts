import { escapeText, holdsRawText } from '@scanpin/evidence';
import type { EvidenceDocument } from './evidence.js';
import { MultiPattern } from './multi-pattern.js';
import { executionTimes, shownTime, windowsSignals } from './windows-signals.js';

/**
 * Detection rules and how evidence is judged by them (docs/scan-client.md, "Rules"). Pure: the
 * rules and the evidence come in, the findings go out. Rules never leave the server.
 */

/**
 * `file-path`: a file's whole path as shown (forward slashes, the home folder as `~`), for folders
 * that matter whatever the file is called (`FiveM.app/plugins/`). `signal`: a fact derived from the
 * Windows sources together (domain/windows-signals.ts), the pattern being its code.
 */
export const RULE_KINDS = [
  'memory-string',
  'jar-entry',
  'file-sha256',
  'file-sha1',
  'file-name',
  'process-name',
  'file-path',
  'signal',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const RULE_MATCHES = ['contains', 'prefix', 'exact'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];

/** The result field a match fills. */
export const RULE_SEVERITIES = ['detection', 'suspicious', 'warning', 'untrusted', 'integrity'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

export interface Rule {
  id: number;
  name: string;
  kind: RuleKind;
  pattern: string;
  match: RuleMatch;
  severity: RuleSeverity;
  /** Game types the rule applies to; empty means every game. */
  games: string[];
  enabled: boolean;
  source: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * What a finding proves (the screenshare standard, docs/scan-client.md): a file on the disk proves
 * possession; a program that Prefetch, BAM or PCA record proves execution; something in a running
 * game process's memory, or a running process, proves it ran in this game session.
 */
export type Proof = 'possession' | 'execution' | 'this-session';

/** Where a finding's evidence is in the document: a source, an item of it, and the value that matched. */
export const EVIDENCE_REF_SOURCES = [
  'memory',
  'files',
  'processes',
  'prefetch',
  'bam',
  'pca',
  'recycleBin',
  'gameFolders',
  'programs',
  'eventLogs',
  // The logs themselves (`eventLogs.logs`), which a signal about a missing log points at.
  'eventLogFiles',
  'modules',
  'amcache',
  'services',
  'shimcache',
  'usnJournal',
  // The drives of the USN journal (`usnJournal.volumes`), which the journal's own signals point at.
  'usnJournalVolumes',
  'macros',
  'jvm',
  // The Minecraft resource packs (`files.resourcePacks`), which the x-ray signal points at.
  'resourcePacks',
  // The other programs running during the scan (`processes.others`).
  'runningPrograms',
] as const;

export interface EvidenceRef {
  source: (typeof EVIDENCE_REF_SOURCES)[number];
  index: number;
  value: string;
}

export interface Finding {
  ruleId: number;
  rule: string;
  kind: RuleKind;
  severity: RuleSeverity;
  proves: Proof;
  /** As the result field shows it: the rule's name, then where (`Wurst in ~/.minecraft/mods/a.jar`). */
  text: string;
  evidence: EvidenceRef;
}

/** A rule's pattern may not be empty; a SHA-256 or SHA-1 is compared in lowercase. */
export function normalisePattern(kind: RuleKind, pattern: string): string {
  return kind === 'file-sha256' || kind === 'file-sha1' ? pattern.trim().toLowerCase() : pattern;
}

const SHA1_HEX = /^[0-9a-f]{40}$/;

/**
 * Why a (normalised) pattern can never match what its kind is compared with, or null. A `file-sha1`
 * rule holds a whole SHA-1, 40 hexadecimal digits, as Amcache records it without its `0000` prefix
 * (docs/scan-client.md, "Amcache"); anything else would be a rule that silently never fires.
 */
export function patternProblem(kind: RuleKind, pattern: string): string | null {
  // The evidence holds control characters escaped (docs/scan-client.md, "Control characters"): a
  // pattern with a raw one would never match; the escaped form would.
  if (holdsRawText(pattern)) {
    return `evidence holds control characters escaped, as the six characters \\u0000 for U+0000 ("\\\\u0000" in a JSON body); this pattern, written that way, is ${escapeText(pattern)}.`;
  }
  if (kind === 'file-sha1' && !SHA1_HEX.test(pattern)) {
    return `a file-sha1 pattern is a SHA-1 of 40 hexadecimal digits (without Amcache's "0000" prefix); this one has ${pattern.length} characters${/^[0-9a-f]*$/.test(pattern) ? '' : ', not all hexadecimal'}.`;
  }
  return null;
}

/** Does one value match one rule? The reference meaning of `match`; the compiled matcher agrees. */
export function ruleMatches(rule: Pick<Rule, 'match' | 'pattern'>, value: string): boolean {
  switch (rule.match) {
    case 'exact':
      return value === rule.pattern;
    case 'prefix':
      return value.startsWith(rule.pattern);
    case 'contains':
      return value.includes(rule.pattern);
  }
}

/** One value to test, with where it came from. */
interface Candidate {
  kind: RuleKind;
  ref: EvidenceRef;
  where: string;
  proves: Proof;
}

/** Every value of the document that a rule of some kind is tested against. */
function* candidates(doc: EvidenceDocument): Generator<Candidate> {
  const { processes, memory, files } = doc.sources;
  for (const [index, p] of processes.items.entries()) {
    const where = `process ${p.name} (pid ${p.pid})`;
    yield {
      kind: 'process-name',
      ref: { source: 'processes', index, value: p.name },
      where,
      proves: 'this-session',
    };
    if (p.path !== null)
      yield {
        kind: 'file-name',
        ref: { source: 'processes', index, value: baseName(p.path) },
        where,
        proves: 'this-session',
      };
    if (p.path !== null)
      yield {
        kind: 'file-path',
        ref: { source: 'processes', index, value: p.path },
        where,
        proves: 'this-session',
      };
    if (p.sha256 !== null)
      yield {
        kind: 'file-sha256',
        ref: { source: 'processes', index, value: p.sha256 },
        where,
        proves: 'this-session',
      };
  }
  yield* runningProgramCandidates(doc);
  for (const [index, m] of memory.items.entries()) {
    const where = `memory of ${m.process} (pid ${m.pid})`;
    for (const value of m.classNames)
      yield { kind: 'memory-string', ref: { source: 'memory', index, value }, where, proves: 'this-session' };
    for (const value of m.strings)
      yield { kind: 'memory-string', ref: { source: 'memory', index, value }, where, proves: 'this-session' };
  }
  for (const [index, f] of files.items.entries()) {
    const where = f.path;
    yield {
      kind: 'file-name',
      ref: { source: 'files', index, value: baseName(f.path) },
      where,
      proves: 'possession',
    };
    yield {
      kind: 'file-sha256',
      ref: { source: 'files', index, value: f.sha256 },
      where,
      proves: 'possession',
    };
    yield { kind: 'file-path', ref: { source: 'files', index, value: f.path }, where, proves: 'possession' };
    for (const value of f.entries)
      yield { kind: 'jar-entry', ref: { source: 'files', index, value }, where, proves: 'possession' };
    // The folders of the entries the scan did not list (`a/b/`): a rule naming a package sees every
    // entry however many the archive has (docs/scan-client.md, "Where the files are read").
    for (const value of f.entryFolders ?? [])
      yield { kind: 'jar-entry', ref: { source: 'files', index, value }, where, proves: 'possession' };
  }
  yield* windowsCandidates(doc);
}

/**
 * The other programs running during the scan (docs/scan-client.md, "Other running programs"): each
 * proves the program was running while the scan read the processes, this session, like the game's
 * own. Matched by process name, and by its file's name, path and hash.
 */
function* runningProgramCandidates(doc: EvidenceDocument): Generator<Candidate> {
  for (const [index, p] of (doc.sources.processes.others?.items ?? []).entries()) {
    const where = `running process ${p.name}${p.path === null ? '' : ` (${p.path})`}`;
    yield {
      kind: 'process-name',
      ref: { source: 'runningPrograms', index, value: p.name },
      where,
      proves: 'this-session',
    };
    if (p.path !== null)
      yield* fileCandidates(
        'runningPrograms',
        index,
        { path: p.path, sha256: p.sha256 },
        where,
        'this-session',
      );
    else if (p.sha256 !== null)
      yield {
        kind: 'file-sha256',
        ref: { source: 'runningPrograms', index, value: p.sha256 },
        where,
        proves: 'this-session',
      };
  }
}

/** A file's name, path and hash as candidates, all proving the same thing. */
function* fileCandidates(
  source: EvidenceRef['source'],
  index: number,
  file: { path: string; sha256: string | null },
  where: string,
  proves: Proof,
): Generator<Candidate> {
  yield { kind: 'file-name', ref: { source, index, value: baseName(file.path) }, where, proves };
  yield { kind: 'file-path', ref: { source, index, value: file.path }, where, proves };
  if (file.sha256 !== null)
    yield { kind: 'file-sha256', ref: { source, index, value: file.sha256 }, where, proves };
}

/**
 * The Windows sections (docs/scan-client.md): files in game folders and the Recycle Bin prove
 * possession; programs that ran prove execution, deleted or not; modules loaded in the game prove
 * this game session; the signals are matched by code.
 */
function* windowsCandidates(doc: EvidenceDocument): Generator<Candidate> {
  const { gameFolders, recycleBin, programs } = doc.sources;
  for (const [index, f] of (gameFolders?.items ?? []).entries())
    yield* fileCandidates('gameFolders', index, f, f.path, 'possession');
  for (const [index, r] of (recycleBin?.items ?? []).entries()) {
    const where = `the Recycle Bin (${r.originalPath})`;
    yield* fileCandidates('recycleBin', index, { path: r.originalPath, sha256: null }, where, 'possession');
  }
  for (const [index, p] of (programs?.items ?? []).entries()) {
    const times = executionTimes(p);
    const where = `${p.path} (${p.exists ? '' : 'file deleted; '}ran: ${times === '' ? 'time unknown' : times})`;
    yield* fileCandidates('programs', index, p, where, 'execution');
  }
  // A name in the USN journal: a file of that name was on the volume, and was deleted, renamed or
  // given new times in the hours read (docs/scan-client.md, "USN journal"). No hash; a path only when
  // its folder still exists.
  for (const [index, c] of (doc.sources.usnJournal?.items ?? []).entries()) {
    for (const name of new Set([c.oldName, c.name])) {
      if (name === null) continue;
      const path = c.folder === null ? null : `${c.folder}/${name}`;
      const when = c.at === null ? '' : ` ${shownTime(c.at)}`;
      const where = `${path ?? name} (USN journal: ${c.kind}${when}${path === null ? `, on ${c.volume}, folder unknown` : ''})`;
      const ref = (value: string): EvidenceRef => ({ source: 'usnJournal', index, value });
      yield { kind: 'file-name', ref: ref(name), where, proves: 'possession' };
      if (path !== null) yield { kind: 'file-path', ref: ref(path), where, proves: 'possession' };
    }
  }
  // A ShimCache entry: the file was on this machine at that path (docs/scan-client.md, "ShimCache"),
  // deleted or not since; Windows 8's executed flag, where set, says it ran.
  for (const [index, e] of (doc.sources.shimcache?.items ?? []).entries()) {
    if (e.kind !== 'file') continue;
    const modified = e.lastModified === null ? '' : `, file modified ${shownTime(e.lastModified)}`;
    const where = `${e.path} (ShimCache: was on this machine${modified}${e.executed === true ? '; ran' : ''})`;
    yield* fileCandidates(
      'shimcache',
      index,
      { path: e.path, sha256: null },
      where,
      e.executed === true ? 'execution' : 'possession',
    );
  }
  // An Amcache record: the file was on this machine (docs/scan-client.md, "Amcache"), deleted or not;
  // matched by name, path and the SHA-1 Windows took of its content.
  for (const [index, r] of (doc.sources.amcache?.items ?? []).entries()) {
    const recorded = r.recordedAt === null ? '' : `, recorded ${shownTime(r.recordedAt)}`;
    const where = `${r.path} (Amcache${recorded}${r.exists === false ? '; file deleted' : ''})`;
    yield* fileCandidates('amcache', index, { path: r.path, sha256: null }, where, 'possession');
    if (r.sha1 !== null)
      yield {
        kind: 'file-sha1',
        ref: { source: 'amcache', index, value: r.sha1 },
        where,
        proves: 'possession',
      };
  }
  // A module in the game's process was loaded in this game session (docs/scan-client.md, "Modules in
  // the game process").
  const modules = doc.sources.modules;
  const names = new Map((modules?.processes ?? []).map((p) => [p.pid, p.process]));
  for (const [index, m] of (modules?.items ?? []).entries()) {
    const loadedIn = m.pids.map((pid) => `${names.get(pid) ?? 'process'} (pid ${pid})`).join(', ');
    yield* fileCandidates('modules', index, m, `${m.path} (loaded in ${loadedIn})`, 'this-session');
  }
  for (const signal of windowsSignals(doc))
    yield {
      kind: 'signal',
      ref: { ...signal.ref, value: signal.code },
      where: signal.where,
      proves: signal.proves,
    };
}

function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(cut + 1);
}

/**
 * The enabled rules of one kind, compiled once per rule change: exact patterns in a map, prefix and
 * contains patterns in one automaton (domain/multi-pattern.ts), so a value is read once whatever the number of
 * rules (docs/benchmarks.md, "Evidence").
 */
interface KindMatcher {
  exact: Map<string, Rule[]>;
  automaton: MultiPattern<Rule> | null;
}

export interface CompiledRules {
  readonly rules: readonly Rule[];
  readonly byKind: ReadonlyMap<RuleKind, KindMatcher>;
}

export function compileRules(rules: readonly Rule[]): CompiledRules {
  const byKind = new Map<RuleKind, KindMatcher>();
  for (const kind of RULE_KINDS) {
    const ofKind = rules.filter((r) => r.enabled && r.kind === kind && r.pattern !== '');
    const exact = new Map<string, Rule[]>();
    const scanned: Rule[] = [];
    for (const rule of ofKind) {
      if (rule.match === 'exact') exact.set(rule.pattern, [...(exact.get(rule.pattern) ?? []), rule]);
      else scanned.push(rule);
    }
    const automaton =
      scanned.length === 0
        ? null
        : new MultiPattern<Rule>(scanned.map((rule) => ({ pattern: rule.pattern, value: rule })));
    byKind.set(kind, { exact, automaton });
  }
  return { rules, byKind };
}

/** The distinct rules of a matcher that one value matches (a pattern found many times counts once). */
function matchesOf(matcher: KindMatcher, value: string): Set<Rule> {
  const found = new Set<Rule>(matcher.exact.get(value));
  matcher.automaton?.search(value, (rule, start) => {
    if (rule.match === 'contains' || (rule.match === 'prefix' && start === 0)) found.add(rule);
  });
  return found;
}

/**
 * Findings listed per rule and in all (docs/scan-client.md, "Rules"): a document that repeats one
 * matching path thousands of times gives one finding per rule and place up to these bounds, and counts
 * the rest, so what is stored, reported and shown stays small whatever was uploaded.
 */
export const FINDINGS_PER_RULE = 25;
export const FINDINGS_TOTAL = 500;

/** Places a rule matched beyond the bounds: counted, not listed. */
export interface OmittedFindings {
  ruleId: number;
  rule: string;
  severity: RuleSeverity;
  places: number;
}

/** What the rules made of one document. */
export interface Judgement {
  /** One per rule and place, in the order the document lists its evidence, within the bounds. */
  findings: Finding[];
  /** Per rule, the places past the bounds, in the order the rules were first omitted. */
  omitted: OmittedFindings[];
}

/**
 * The findings of a document for a game: one per rule and place (a rule that matches many classes of
 * one jar is one finding there), in the order the document lists its evidence, bounded per rule and
 * in all. A finding's text is built only when it is listed.
 */
export function evaluateEvidence(compiled: CompiledRules, doc: EvidenceDocument, game: string): Judgement {
  const findings: Finding[] = [];
  const omitted = new Map<number, OmittedFindings>();
  // Per rule, the places it matched (the candidate's `where`, compared as strings).
  const places = new Map<number, Set<string>>();
  for (const c of candidates(doc)) {
    const matcher = compiled.byKind.get(c.kind);
    if (matcher === undefined) continue;
    for (const rule of matchesOf(matcher, c.ref.value)) {
      if (rule.games.length > 0 && !rule.games.includes(game)) continue;
      let seen = places.get(rule.id);
      if (seen === undefined) {
        seen = new Set();
        places.set(rule.id, seen);
      }
      if (seen.has(c.where)) continue;
      seen.add(c.where);
      if (seen.size > FINDINGS_PER_RULE || findings.length >= FINDINGS_TOTAL) {
        const counted = omitted.get(rule.id);
        if (counted === undefined)
          omitted.set(rule.id, { ruleId: rule.id, rule: rule.name, severity: rule.severity, places: 1 });
        else counted.places++;
        continue;
      }
      findings.push({
        ruleId: rule.id,
        rule: rule.name,
        kind: rule.kind,
        severity: rule.severity,
        proves: c.proves,
        text: `${rule.name} in ${c.where}`,
        evidence: c.ref,
      });
    }
  }
  return { findings, omitted: [...omitted.values()] };
}
