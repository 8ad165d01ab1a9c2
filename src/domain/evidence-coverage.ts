import {
  EVIDENCE_LIMITS,
  type EvidenceDocument,
  type FileEvidence,
  isFamiliarClassName,
  type MemoryEvidence,
} from './evidence.js';
import type { Rule } from './rules.js';

/**
 * A scan that could not send everything it found is no clean scan (docs/scan-client.md, "What a
 * capped scan means"): the scan client cuts every list to the caps of the evidence document, and a
 * player can pad a folder, a jar or the game's memory until what matters falls past the cut (5,000
 * decoy jars sorting before the cheat; 20,000 entries before its classes). Each cut the document
 * admits to becomes an `integrity` entry, in words staff understand, so the verdict cannot be
 * `legit`. Pure: the document in, the entries out.
 */

const count = (n: number) => n.toLocaleString('en-US');
const LEAD = 'The scan could not send everything:';
const PARTIAL = 'The Java class check was partial:';
const SHOWN_FILES = 3;

/**
 * The Java class check compares the classes loaded in the game with those its files hold
 * (docs/scan-client.md, "Classes injected into the Java game"). A file it could not read, or a cap on
 * the files, class files or class names it compares, leaves that comparison partial; a list of
 * unknown classes as long as its cap may have been cut.
 */
function jvmCuts(doc: EvidenceDocument): string[] {
  const jvm = doc.sources.jvm;
  if (jvm === undefined || jvm.status !== 'collected') return [];
  const out: string[] = [];
  for (const p of jvm.items) {
    const game = `${p.process} (pid ${p.pid})`;
    const unreadable = p.unreadableFiles;
    if (unreadable.length > 0) {
      const atLeast = unreadable.length >= EVIDENCE_LIMITS.jvmUnreadable ? 'at least ' : '';
      const shown = unreadable
        .slice(0, SHOWN_FILES)
        .map((f) => `${f.path}: ${f.reason}`)
        .join('; ');
      const more = unreadable.length > SHOWN_FILES ? `; and ${unreadable.length - SHOWN_FILES} more` : '';
      out.push(
        `${PARTIAL} ${atLeast}${count(unreadable.length)} file${unreadable.length === 1 ? '' : 's'} ${game} may load classes from could not be read (${shown}${more}); classes loaded from them cannot be told from injected ones.`,
      );
    }
    // A scanner that says which cap it reached is taken at its word; an older one sends `truncated` alone.
    const known = p.knownClassesTruncated === true;
    const symbols = p.classSymbolsTruncated === true;
    if (known)
      out.push(
        `${PARTIAL} ${game} had more jars or class files than a scan reads; a class shown as unknown may be in a file not read.`,
      );
    if (symbols)
      out.push(
        `${PARTIAL} ${game} held more class names in memory than a scan compares; an injected class may be among those not compared.`,
      );
    if (p.truncated && !known && !symbols)
      out.push(
        `${PARTIAL} ${game} had more jars, class files or class names than a scan compares; an injected class may be among those not compared, and a class shown as unknown may be in a file not read.`,
      );
    if (p.unknownPackages.length >= EVIDENCE_LIMITS.jvmPackages)
      out.push(
        `${LEAD} ${game} had ${count(p.unknownPackages.length)} packages of unknown loaded classes, as many as a scan carries; a cheat's may be among those left out.`,
      );
    if (p.unknownSingles.length >= EVIDENCE_LIMITS.jvmSingles)
      out.push(
        `${LEAD} ${game} had ${count(p.unknownSingles.length)} lone unknown loaded classes, as many as a scan carries; more may have been left out.`,
      );
  }
  return out;
}

/**
 * Did a harvest's cut leave out only names under the packages of the Java runtime, Minecraft, its
 * loaders and its launcher's libraries (docs/scan-client.md, "Class names in the game's memory")? The
 * scanner says so (`classNamesUnsentUnfamiliar` 0), and what it sent must agree: it sends those names
 * last, so a cut among them leaves the list full and ending with one of them. An older scanner, which
 * sends no such count, is taken as having cut anything.
 */
function cutOnlyFamiliar(m: MemoryEvidence): boolean {
  const last = m.classNames.at(-1);
  return (
    m.classNamesUnsentUnfamiliar === 0 &&
    m.classNames.length >= EVIDENCE_LIMITS.classNames &&
    last !== undefined &&
    isFamiliarClassName(last)
  );
}

/** How many class names an item left out, and whether all of them lie in the familiar packages. */
function classNameCut(m: MemoryEvidence): { sent: string; of: string; familiarOnly: boolean } | null {
  const total = m.classNamesTotal;
  if (!m.truncated || total === undefined || total <= m.classNames.length) return null;
  const atLeast = total >= EVIDENCE_LIMITS.classNamesCounted ? 'at least ' : '';
  return {
    sent: count(m.classNames.length),
    of: `${atLeast}${count(total)}`,
    familiarOnly: cutOnlyFamiliar(m),
  };
}

/** A memory item's class names cut, as the evidence view shows it (docs/dashboard.md, "Evidence"). */
export interface ClassNameCut {
  /** The memory item (`sources.memory.items`). */
  item: number;
  sent: number;
  /** Every distinct class name the scanner counted (at most `classNamesCounted`). */
  total: number;
  /** The server's conclusion: only names under the familiar packages were left out (a note, not a cut). */
  onlyFamiliarLeftOut: boolean;
}

/**
 * The class-name cuts of a document, with what the server concluded of each, so the evidence view
 * says what the results say instead of taking the scanner's count at its word. An item from a scanner
 * that counts nothing is not among them.
 */
export function classNameCuts(doc: EvidenceDocument): ClassNameCut[] {
  const out: ClassNameCut[] = [];
  for (const [item, m] of doc.sources.memory.items.entries()) {
    if (classNameCut(m) === null || m.classNamesTotal === undefined) continue;
    out.push({
      item,
      sent: m.classNames.length,
      total: m.classNamesTotal,
      onlyFamiliarLeftOut: cutOnlyFamiliar(m),
    });
  }
  return out;
}

/**
 * A memory harvest cut to the caps (docs/scan-client.md, "Class names in the game's memory"). A
 * scanner that counts the class names it found says how many were left out and which were sent
 * first; an older one only says that something was. A cut of familiar names alone is no reason here:
 * it is `familiarCuts`' note.
 */
function memoryCuts(m: MemoryEvidence): string[] {
  if (!m.truncated) return [];
  const where = `the memory of ${m.process} (pid ${m.pid})`;
  const names = classNameCut(m);
  const out: string[] = [];
  if (names !== null && !names.familiarOnly) {
    out.push(
      `${LEAD} ${names.sent} of ${names.of} class names in ${where} were sent (those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages); a cheat's may be among the rest.`,
    );
  }
  if (m.classNamesTotal !== undefined && m.strings.length >= EVIDENCE_LIMITS.memoryStrings)
    out.push(
      `${LEAD} ${where} held more texts with a hint word than the ${count(m.strings.length)} a scan carries; a cheat's may be among those left out.`,
    );
  if (out.length === 0 && names === null)
    out.push(
      `${LEAD} ${where} held more class names or texts than a scan carries; a cheat's may be among those left out.`,
    );
  return out;
}

/**
 * Cuts that do not lower the scan, reported as warnings (docs/scan-client.md, "Class names in the
 * game's memory"): a harvest that left out only names under the familiar packages, as the memory of
 * every big modpack makes it. A client named inside those packages may be among them, and the text
 * says what was left out so staff can weigh it.
 */
export function coverageNotes(doc: EvidenceDocument): string[] {
  const out: string[] = [];
  for (const m of doc.sources.memory.items) {
    const names = classNameCut(m);
    if (names === null || !names.familiarOnly) continue;
    const unsent = (m.classNamesTotal ?? 0) - m.classNames.length;
    const atLeast = names.of.startsWith('at least') ? 'at least ' : '';
    out.push(
      `${names.sent} of ${names.of} class names in the memory of ${m.process} (pid ${m.pid}) were sent, all of those outside the packages of the Java runtime, Minecraft, its loaders and launcher libraries among them: ${atLeast}${count(unsent)} names under those packages were not sent (a client named inside them would be among these)`,
    );
  }
  return out;
}

/** What of a rule decides whether a folder can stand for the entries under it. */
export type FolderMatchRule = Pick<Rule, 'kind' | 'match' | 'pattern' | 'games' | 'enabled'>;

/**
 * Can the folders of an archive's entries stand for the entries themselves when judging a scan of
 * this game (docs/scan-client.md, "What a capped scan means")? Only if every enabled `jar-entry` rule
 * for it is a prefix that ends at a `/`: such a rule matches an entry's folder exactly when it
 * matches the entry. An `exact` or `contains` rule, or a prefix that stops inside a name
 * (`a/b/Cheat`), needs the entry's whole name, which a folder does not show.
 */
export function foldersStandForEntries(rules: readonly FolderMatchRule[], game: string): boolean {
  return rules.every(
    (r) =>
      !r.enabled ||
      r.kind !== 'jar-entry' ||
      r.pattern === '' ||
      (r.games.length > 0 && !r.games.includes(game)) ||
      (r.match === 'prefix' && r.pattern.endsWith('/')),
  );
}

/** An archive whose entries left out were sent as folders, each of which was sent. */
function listedByFolder(f: FileEvidence): string {
  const atRoot = f.rootEntriesLeftOut ?? 0;
  const root = atRoot > 0 ? `, ${count(atRoot)} at its root only counted` : '';
  return `${f.path}: ${count(f.entries.length)} of ${count(f.entriesTotal)} entries listed${root}`;
}

/**
 * Archives whose entries left out were all summed up by their folders (the launcher's libraries, a
 * fat jar past the entries cap) are complete only for rules that can match a folder; otherwise one
 * entry says how many there were, since a modpack's libraries alone are hundreds of jars.
 */
function folderListingCut(byFolder: readonly FileEvidence[]): string[] {
  if (byFolder.length === 0) return [];
  const shown = byFolder.slice(0, SHOWN_FILES).map(listedByFolder).join('; ');
  const more = byFolder.length > SHOWN_FILES ? `; and ${count(byFolder.length - SHOWN_FILES)} more` : '';
  const one = byFolder.length === 1;
  return [
    `${LEAD} ${count(byFolder.length)} archive${one ? ' was' : 's were'} listed in part, the rest of ${one ? 'its' : 'their'} entries by folder only (${shown}${more}), and a jar-entry rule of this game matches an entry's whole name or part of it, which a folder does not show; a class may be hidden among those left out.`,
  ];
}

/** Does an enabled rule with a pattern apply to a scan of this game? */
const appliesTo = (r: FolderMatchRule, game: string) =>
  r.enabled && r.pattern !== '' && (r.games.length === 0 || r.games.includes(game));

/** Does a `signal` rule's pattern match a signal's code, as the rules match values (domain/rules.ts)? */
function signalRuleMatches(r: FolderMatchRule, code: string): boolean {
  if (r.kind !== 'signal') return false;
  if (r.match === 'exact') return r.pattern === code;
  return r.match === 'prefix' ? code.startsWith(r.pattern) : code.includes(r.pattern);
}

/**
 * The other running programs (docs/scan-client.md, "Other running programs"): a list cut at its cap
 * may have left out a cheat's process; and a program listed with its path but no hash (a file larger
 * than a scan hashes, unreadable, or past the hashing budget, which large decoys spend) cannot be
 * matched by a `file-sha256` rule, which matters only when such a rule applies to the game. A program
 * without a path (the system's protected processes, another account's without root) is shown by
 * name only, as that page says, and is no cut.
 */
function runningProgramCuts(
  doc: EvidenceDocument,
  rules: readonly FolderMatchRule[],
  game: string,
): string[] {
  const others = doc.sources.processes.others;
  if (doc.sources.processes.status !== 'collected' || others === undefined) return [];
  const out: string[] = [];
  if (others.truncated)
    out.push(
      `${LEAD} ${count(others.items.length)} of ${count(others.total)} other running programs were listed; a cheat's may be among those left out.`,
    );
  const unhashed = others.items.filter((p) => p.path !== null && p.sha256 === null).length;
  if (unhashed > 0 && rules.some((r) => r.kind === 'file-sha256' && appliesTo(r, game)))
    out.push(
      `${LEAD} ${count(unhashed)} other running program${unhashed === 1 ? ' was' : 's were'} listed without a hash (larger than a scan hashes, unreadable, or past its hashing budget), and a file-sha256 rule of this game cannot match ${unhashed === 1 ? 'it' : 'them'}.`,
    );
  return out;
}

/**
 * The resource packs the x-ray rule reads (docs/detection.md, "X-ray resource packs"): packs past the
 * cap, packs that could not be opened and textures or models that could not be read are packs the
 * rule did not see, which matters only when a rule grading `xray-resource-pack` applies to the game.
 */
function resourcePackCuts(doc: EvidenceDocument, rules: readonly FolderMatchRule[], game: string): string[] {
  const files = doc.sources.files;
  const packs = files.resourcePacks;
  if (files.status !== 'collected' || packs === undefined) return [];
  if (!rules.some((r) => appliesTo(r, game) && signalRuleMatches(r, 'xray-resource-pack'))) return [];
  const out: string[] = [];
  const total = files.resourcePacksTotal ?? packs.length;
  if (total > packs.length)
    out.push(
      `${LEAD} ${count(packs.length)} of ${count(total)} resource packs were read; an x-ray pack may be among the rest.`,
    );
  const shown = (list: typeof packs) => {
    const more = list.length > SHOWN_FILES ? `; and ${count(list.length - SHOWN_FILES)} more` : '';
    return `${list
      .slice(0, SHOWN_FILES)
      .map((p) => p.path)
      .join('; ')}${more}`;
  };
  const closed = packs.filter((p) => !p.read);
  if (closed.length > 0)
    out.push(
      `${LEAD} ${count(closed.length)} resource pack${closed.length === 1 ? '' : 's'} could not be opened (${shown(closed)}); an x-ray pack may be among them.`,
    );
  const partial = packs.filter((p) => p.read && p.unreadable > 0);
  if (partial.length > 0)
    out.push(
      `${LEAD} ${count(partial.length)} resource pack${partial.length === 1 ? '' : 's'} held block textures or models that could not be read (${shown(partial)}); the blocks they draw were not checked.`,
    );
  return out;
}

/**
 * Every cut of the document, in words staff understand. `rules` are the rules the scan was judged
 * by, and `game` its game: they decide whether folders sent for the entries left out are enough.
 */
export function coverageIntegrity(
  doc: EvidenceDocument,
  rules: readonly FolderMatchRule[],
  game: string,
): string[] {
  const out: string[] = [];
  const { files, memory } = doc.sources;
  const total = files.itemsTotal;
  if (total !== undefined && total > files.items.length)
    out.push(
      `${LEAD} ${count(files.items.length)} of ${count(total)} game files were listed; a file may be hidden among the rest.`,
    );
  const foldersSuffice = foldersStandForEntries(rules, game);
  const byFolder: FileEvidence[] = [];
  for (const f of files.items) {
    if (f.entriesTotal <= f.entries.length) continue;
    // The folders of the entries left out, when all were sent, let every rule naming a whole folder
    // see the whole archive (docs/scan-client.md, "What a capped scan means"); an older client sends none.
    const folders = f.entryFolders;
    const foldersTotal = f.entryFoldersTotal ?? folders?.length ?? 0;
    if (folders === undefined)
      out.push(
        `${LEAD} ${count(f.entries.length)} of ${count(f.entriesTotal)} entries of ${f.path} were listed; a class may be hidden among the rest.`,
      );
    else if (foldersTotal > folders.length)
      out.push(
        `${LEAD} ${count(f.entries.length)} of ${count(f.entriesTotal)} entries of ${f.path} were listed, and ${count(folders.length)} of the ${count(foldersTotal)} folders of the rest; a class may be hidden among those left out.`,
      );
    else if (!foldersSuffice) byFolder.push(f);
  }
  out.push(...folderListingCut(byFolder));
  for (const m of memory.items) out.push(...memoryCuts(m));
  for (const p of doc.sources.modules?.processes ?? []) {
    if (p.truncated)
      out.push(
        `${LEAD} ${p.process} (pid ${p.pid}) had more modules loaded than a scan carries; a cheat's may be among those left out.`,
      );
  }
  out.push(...runningProgramCuts(doc, rules, game));
  out.push(...resourcePackCuts(doc, rules, game));
  out.push(...jvmCuts(doc));
  return out;
}
