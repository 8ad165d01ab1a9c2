import { hasReason, USN_REASON, type UsnReasonName, usnReasonNames } from './reasons.js';
import type { UsnRecord } from './usn-records.js';

/**
 * From journal records to the changes a screensharer looks for (docs/scan-client.md, "USN
 * journal"): files deleted, renamed (the old and the new name paired by file reference) and given
 * new times or attributes (`BASIC_INFO_CHANGE`, which is what time-stomping tools and `attrib +h`
 * leave), for the extensions of programs, cheat scripts, Prefetch files and archives. Fed one record
 * at a time while the journal is read, it holds at most `maxChanges` (the newest) and a bounded
 * number of half-seen renames, so a journal of any size fits in memory.
 */

/**
 * Extensions whose changes are kept: programs and libraries (`.exe .dll .sys .jar .class`), game mods
 * and cheat scripts (`.asi` ASI loaders, `.cleo`/`.cs` CLEO, `.lua` executors, `.ahk` AutoHotkey),
 * scripts (`.bat .cmd .ps1 .vbs`), Prefetch files (`.pf`) and archives a client ships in
 * (`.zip .rar .7z`). docs/scan-client.md names them and why.
 */
export const WATCHED_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe',
  'dll',
  'sys',
  'jar',
  'class',
  'asi',
  'cleo',
  'cs',
  'lua',
  'ahk',
  'bat',
  'cmd',
  'ps1',
  'vbs',
  'pf',
  'zip',
  'rar',
  '7z',
]);

const FILE_ATTRIBUTE_DIRECTORY = 0x10;
/** Half-seen renames (an old name whose new name has not come yet) held at most. */
const MAX_PENDING_RENAMES = 1024;

export type UsnChangeKind = 'deleted' | 'renamed' | 'basic-info-changed';

export interface UsnChange {
  kind: UsnChangeKind;
  /** The file's name (for a rename, the new one; null when only the old name was seen). */
  name: string | null;
  /** Renames only: the name before (null when only the new name was seen). */
  oldName: string | null;
  /** ISO 8601 UTC of the record (for a rename, of the new name's record). */
  at: string;
  /** The file's and its folder's references, hexadecimal (NTFS: MFT entry and sequence). */
  fileReference: string;
  parentReference: string;
  /** Every USN_REASON flag of the record. */
  reasons: UsnReasonName[];
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isWatchedName(name: string | null): boolean {
  return name !== null && WATCHED_EXTENSIONS.has(extensionOf(name));
}

const hex = (reference: bigint) => reference.toString(16);

export class UsnChangeCollector {
  private readonly kept: UsnChange[] = [];
  private readonly pendingRenames = new Map<bigint, UsnRecord>();
  /** Changes found but not kept because newer ones filled the list. */
  dropped = 0;

  constructor(
    private readonly maxChanges: number,
    /** Records before this time (epoch ms) are not changes of the window. */
    private readonly since: number,
  ) {}

  add(record: UsnRecord): void {
    if ((record.fileAttributes & FILE_ATTRIBUTE_DIRECTORY) !== 0 || record.timeStamp === null) return;
    const at = Date.parse(record.timeStamp);
    if (hasReason(record.reason, USN_REASON.RENAME_OLD_NAME)) {
      this.holdOldName(record);
      return;
    }
    if (hasReason(record.reason, USN_REASON.RENAME_NEW_NAME)) {
      const old = this.pendingRenames.get(record.fileReference) ?? null;
      this.pendingRenames.delete(record.fileReference);
      // Renaming a program to something harmless hides it as well as deleting it, so either name counts.
      if (at >= this.since && (isWatchedName(record.fileName) || isWatchedName(old?.fileName ?? null)))
        this.keep(this.change('renamed', record, old?.fileName ?? null));
      return;
    }
    if (at < this.since || !isWatchedName(record.fileName)) return;
    if (hasReason(record.reason, USN_REASON.FILE_DELETE)) {
      this.keep(this.change('deleted', record, null));
      return;
    }
    // A file created and given its times in one opening is a copy or an extraction keeping the
    // original dates (archive tools do that); only a change to an existing file is kept, and only
    // once, from the record written when the file was closed.
    if (
      hasReason(record.reason, USN_REASON.BASIC_INFO_CHANGE) &&
      hasReason(record.reason, USN_REASON.CLOSE) &&
      !hasReason(record.reason, USN_REASON.FILE_CREATE)
    )
      this.keep(this.change('basic-info-changed', record, null));
  }

  /** The kept changes, oldest first, with any rename whose new name never came. */
  finish(): UsnChange[] {
    for (const old of this.pendingRenames.values()) {
      if (old.timeStamp !== null && Date.parse(old.timeStamp) >= this.since && isWatchedName(old.fileName))
        this.keep({ ...this.change('renamed', old, old.fileName), name: null });
    }
    this.pendingRenames.clear();
    return this.kept.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  private holdOldName(record: UsnRecord): void {
    if (this.pendingRenames.size >= MAX_PENDING_RENAMES) {
      const oldest = this.pendingRenames.keys().next().value;
      if (oldest !== undefined) this.pendingRenames.delete(oldest);
    }
    this.pendingRenames.set(record.fileReference, record);
  }

  private change(kind: UsnChangeKind, record: UsnRecord, oldName: string | null): UsnChange {
    return {
      kind,
      name: record.fileName,
      oldName,
      at: record.timeStamp ?? '',
      fileReference: hex(record.fileReference),
      parentReference: hex(record.parentReference),
      reasons: usnReasonNames(record.reason),
    };
  }

  private keep(change: UsnChange): void {
    this.kept.push(change);
    // The journal is read oldest first, so the newest changes (those nearest the scan) are kept.
    if (this.kept.length > this.maxChanges) {
      this.kept.shift();
      this.dropped++;
    }
  }
}
