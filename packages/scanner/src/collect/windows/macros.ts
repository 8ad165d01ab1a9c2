import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EVIDENCE_CAPS,
  type MacroEvidence,
  type MacroProgramEvidence,
  type MacroUnreadableEvidence,
} from '@scanpin/evidence';
import { foldersOf } from '../../paths.js';
import { redactText } from '../../redact.js';
import { parseAutoHotkeyScript } from '../../windows/macros/autohotkey.js';
import { parseLogitechProfile } from '../../windows/macros/logitech-lgs.js';
import type { MacroFileReading } from '../../windows/macros/macro.js';
import { parseRazerMacro } from '../../windows/macros/razer.js';
import { parseXmbcSettings } from '../../windows/macros/xmbc.js';
import type { CollectContext, Collector } from '../context.js';
import { readSmallFile } from './file-facts.js';
import { localPath, showLocal, type WindowsLayout, windowsLayout } from './layout.js';

/**
 * Click macros in mouse software (docs/scan-client.md, "Click macros"): for each program, whether it
 * is installed (a folder of its own exists) and, where its settings format is publicly documented
 * or read by public tools, the click timing of every macro it keeps. Programs whose format cannot be
 * verified (G HUB's SQLite settings, Bloody, SteelSeries GG, Corsair iCUE) are reported as
 * installed only, with the reason. Only clicks, pauses and counts of other actions are kept: never
 * what a macro types. A macro that presses no mouse button is only counted per program (the readers
 * drop it); the owner's text kept for a clicking macro (its name, the profile) is cut short and
 * redacted here, before the document's own redaction at upload.
 */

export type MacroProgramName = MacroProgramEvidence['program'];

interface Search {
  dir: string;
  depth: number;
  extensions: string[];
  /** Whether the file's head looks like the format's (vendors keep other XML files beside it). */
  looksRight: (head: string) => boolean;
  read: (bytes: Uint8Array, name: string) => MacroFileReading;
}

interface Place {
  program: MacroProgramName;
  installed: string[];
  searches: Search[];
  /** Why its macros are not read, for a program whose format is not verified. */
  notRead: string | null;
}

/** Settings files are small; a bigger file is not one (and is not read into memory). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Bound on files looked at per program, so a huge folder cannot hold the scan. */
const MAX_FILES_PER_PROGRAM = 500;
const HEAD_BYTES = 4096;
/** A macro or profile name longer than this is not a label any more: only its start is kept. */
const OWNER_TEXT_CHARS = 64;

/** Text the macro's owner wrote (a clicking macro's name, a profile), short and redacted. */
function ownerText(text: string): string {
  const short = text.length > OWNER_TEXT_CHARS ? `${text.slice(0, OWNER_TEXT_CHARS - 1)}…` : text;
  return redactText(short);
}

const has =
  (...markers: string[]) =>
  (head: string) =>
    markers.every((m) => head.includes(m));

function places(layout: WindowsLayout, ctx: CollectContext): Place[] {
  const f = foldersOf(ctx.machine);
  const systemDrive = ctx.machine.env.SystemDrive ?? 'C:';
  const programData = localPath(layout, ctx.machine.env.ProgramData ?? `${systemDrive}\\ProgramData`);
  const inProgramData = (...parts: string[]) => (programData === null ? [] : [join(programData, ...parts)]);
  const inProgramFiles = (...parts: string[]) =>
    layout.drives.flatMap((d) =>
      ['Program Files', 'Program Files (x86)'].flatMap((pf) => {
        const local = localPath(layout, `${d.letter}\\${pf}\\${parts.join('\\')}`);
        return local === null ? [] : [local];
      }),
    );
  const razerData = [...inProgramData('Razer'), join(f.localAppData, 'Razer'), join(f.appData, 'Razer')];
  const lgs = join(f.localAppData, 'Logitech', 'Logitech Gaming Software');
  const xmbc = join(f.appData, 'Highresolution Enterprises', 'XMouseButtonControl');
  const home = f.home;
  const oneDrive = ctx.machine.env.OneDrive ?? join(home, 'OneDrive');
  const ahk = (dir: string, depth: number): Search => ({
    dir,
    depth,
    extensions: ['.ahk', '.ah2'],
    looksRight: () => true,
    read: (bytes, name) => parseAutoHotkeyScript(bytes, name),
  });
  return [
    {
      program: 'Razer Synapse',
      installed: [...razerData, ...inProgramFiles('Razer')],
      searches: razerData.map((dir) => ({
        dir,
        depth: 6,
        extensions: ['.xml'],
        looksRight: has('<Macro', 'MacroEvent'),
        read: (bytes) => parseRazerMacro(bytes),
      })),
      notRead: null,
    },
    {
      program: 'Logitech Gaming Software',
      installed: [lgs, ...inProgramFiles('Logitech Gaming Software')],
      searches: [
        {
          dir: join(lgs, 'profiles'),
          depth: 0,
          extensions: ['.xml'],
          looksRight: has('<profile'),
          read: (bytes) => parseLogitechProfile(bytes),
        },
      ],
      notRead: null,
    },
    {
      program: 'Logitech G HUB',
      installed: [join(f.localAppData, 'LGHUB'), ...inProgramFiles('LGHUB')],
      searches: [],
      notRead:
        'its macros are in settings.db, a SQLite database whose macro layout no public source documents: installed only',
    },
    {
      program: 'X-Mouse Button Control',
      installed: [xmbc, ...inProgramFiles('Highresolution Enterprises', 'X-Mouse Button Control')],
      searches: [
        {
          dir: xmbc,
          depth: 1,
          extensions: ['.xml'],
          looksRight: has('<root'),
          read: (bytes) => parseXmbcSettings(bytes),
        },
      ],
      notRead: null,
    },
    {
      program: 'AutoHotkey',
      installed: [...inProgramFiles('AutoHotkey'), join(f.localAppData, 'Programs', 'AutoHotkey')],
      searches: [
        ahk(join(home, 'Documents'), 2),
        ahk(join(home, 'Desktop'), 1),
        ahk(join(home, 'Downloads'), 1),
        // Windows 11 often moves Documents and Desktop into OneDrive.
        ahk(join(oneDrive, 'Documents'), 2),
        ahk(join(oneDrive, 'Desktop'), 1),
        ahk(join(f.appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup'), 0),
      ],
      notRead: null,
    },
    {
      program: 'Bloody',
      installed: [...inProgramFiles('Bloody7'), ...inProgramFiles('Bloody')],
      searches: [],
      notRead: 'its macro files have no public description: installed only',
    },
    {
      program: 'SteelSeries GG',
      installed: [...inProgramData('SteelSeries', 'GG'), ...inProgramFiles('SteelSeries', 'GG')],
      searches: [],
      notRead: 'its settings database has no public description: installed only',
    },
    {
      program: 'Corsair iCUE',
      installed: [
        join(f.appData, 'Corsair', 'CUE4'),
        join(f.appData, 'Corsair', 'CUE5'),
        ...inProgramFiles('Corsair', 'CORSAIR iCUE 4 Software'),
        ...inProgramFiles('Corsair', 'CORSAIR iCUE 5 Software'),
      ],
      searches: [],
      notRead: 'its profile files have no public description: installed only',
    },
  ];
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function* filesUnder(dir: string, depth: number): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth > 0) yield* filesUnder(path, depth - 1);
    else if (e.isFile()) yield path;
  }
}

async function readHead(path: string): Promise<Uint8Array | null> {
  try {
    const file = await open(path, 'r');
    try {
      const buffer = new Uint8Array(HEAD_BYTES);
      const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch {
    return null;
  }
}

/** A short head of the file as text (UTF-16 shown as ASCII too), to tell a format's files apart. */
function headOf(bytes: Uint8Array): string {
  const head = bytes.subarray(0, HEAD_BYTES);
  const nul = head.filter((b) => b === 0).length;
  return Buffer.from(nul > head.length / 4 ? head.filter((b) => b !== 0) : head).toString('latin1');
}

export const collectMacros: Collector<'macros'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const show = (p: string) => showLocal(layout, ctx, p).slice(0, EVIDENCE_CAPS.path);
  const programs: MacroProgramEvidence[] = [];
  const items: MacroEvidence[] = [];
  const unreadable: MacroUnreadableEvidence[] = [];
  for (const place of places(layout, ctx)) {
    let folder: string | null = null;
    for (const dir of place.installed) {
      if (await isDirectory(dir)) {
        folder = dir;
        break;
      }
    }
    let filesRead = 0;
    let filesUnreadable = 0;
    let macrosWithoutClicks = 0;
    let looked = 0;
    const seen = new Set<string>();
    for (const search of place.searches) {
      for await (const path of filesUnder(search.dir, search.depth)) {
        if (looked >= MAX_FILES_PER_PROGRAM) break;
        const name = path.split(/[\\/]/).pop() ?? '';
        if (seen.has(path) || !search.extensions.some((e) => name.toLowerCase().endsWith(e))) continue;
        seen.add(path);
        const info = await stat(path).catch(() => null);
        if (info === null || info.size > MAX_FILE_BYTES) continue;
        looked += 1;
        // Only the head first: vendors keep many other XML files beside their macros.
        const head = await readHead(path);
        if (head === null || !search.looksRight(headOf(head))) continue;
        const bytes = await readSmallFile(path);
        if (bytes === null) continue;
        const reading = search.read(bytes, name);
        if (!reading.ok) {
          filesUnreadable += 1;
          if (unreadable.length < EVIDENCE_CAPS.macroFiles) {
            unreadable.push({
              program: place.program,
              path: show(path),
              reason: reading.reason.slice(0, EVIDENCE_CAPS.text),
            });
          }
          continue;
        }
        filesRead += 1;
        macrosWithoutClicks += reading.withoutClicks;
        for (const m of reading.macros) {
          if (items.length >= EVIDENCE_CAPS.macros) break;
          items.push({
            ...m,
            file: show(path),
            profile: m.profile === null ? null : ownerText(m.profile),
            name: ownerText(m.name),
            boundTo: m.boundTo === null ? null : redactText(m.boundTo.slice(0, EVIDENCE_CAPS.name)),
            buttons: m.buttons.slice(0, 8),
            note: m.note === null ? null : m.note.slice(0, EVIDENCE_CAPS.text),
          });
        }
      }
    }
    if (folder === null && filesRead === 0 && filesUnreadable === 0) continue;
    programs.push({
      program: place.program,
      folder: folder === null ? null : show(folder),
      macrosRead: place.notRead === null,
      filesRead,
      filesUnreadable,
      macrosWithoutClicks,
      reason: place.notRead,
    });
  }
  return { programs, items, unreadable };
};
