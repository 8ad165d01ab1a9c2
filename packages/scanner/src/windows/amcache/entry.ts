/**
 * What the scanner keeps of one Amcache file record (docs/scan-client.md, "Amcache"). Amcache.hve is a
 * registry hive the Windows Compatibility Appraiser keeps in `%SystemRoot%\AppCompat\Programs`; it lists
 * executable files that were present on the machine (installed, scanned, shimmed or run), with a SHA-1.
 */

/**
 * The Appraiser hashes at most the first 31,457,280 bytes (30 MiB) of a file: for a larger file the
 * SHA-1 it stores is the SHA-1 of that prefix, not of the whole file (ANSSI, "Analysis of the AmCache"
 * v2, 2019; plaso's amcache plugin documents the same 31457280). Some secondary sources say "31 MiB":
 * that is this number of bytes misread as mebibytes.
 */
export const AMCACHE_SHA1_PREFIX_BYTES = 31_457_280;

/** Which part of the hive the record came from. */
export type AmcacheLayout =
  /** `Root\InventoryApplicationFile\<name|hash>`: Windows 10 1709 and later (Amcache libraries 10.0.14913+). */
  | 'inventory'
  /** `Root\File\<volume GUID>\<file reference>`: Windows 8 to early Windows 10; values named by number. */
  | 'file';

/**
 * How much of the file the SHA-1 covers: the whole file when its recorded size is at most
 * `AMCACHE_SHA1_PREFIX_BYTES`, only that prefix when it is larger, unknown when no size is recorded.
 */
export type Sha1Coverage = 'whole-file' | 'first-30-mib' | 'unknown';

export interface AmcacheEntry {
  layout: AmcacheLayout;
  /** The record's key below `Root` (`InventoryApplicationFile\7zfm.exe|56d287950815a745`). */
  key: string;
  /** The file's full path as recorded: `LowerCaseLongPath` (lower case) or value `15`. */
  path: string | null;
  /** The file name as recorded (`Name`), or the last part of the path in the older layout. */
  name: string | null;
  /** 40 lowercase hex digits: the recorded `FileId` (or value `101`) without its `0000` prefix. */
  sha1: string | null;
  sha1Covers: Sha1Coverage;
  /** Size in bytes (`Size` or value `6`). */
  size: number | null;
  /** The PE header's link time (`LinkDate`, or value `f`), ISO 8601 UTC. Reproducible builds put a hash here, so a date far in the future is not damage. */
  linkDate: string | null;
  /** `Publisher` (lower case, from the version resource) or value `1` (company name). */
  publisher: string | null;
  productName: string | null;
  version: string | null;
  /** `BinaryType` (`pe64_amd64`, `pe32_i386`, …); the older layout has none. */
  binaryType: string | null;
  programId: string | null;
  /** The key's last-written time: when the Appraiser last wrote this record, not when the program ran. */
  recordedAt: string | null;
}

export interface AmcacheReport {
  entries: AmcacheEntry[];
  /** Records whose `FileId` is set but is not `0000` and 40 hex digits: listed, with `sha1` null. */
  badFileIds: number;
  /** Record keys the hive's damage made unreadable: skipped, counted. */
  damagedKeys: number;
}
