import type { UsnChange } from './journal-changes.js';

/**
 * What the scanner learns about one volume's change journal (docs/scan-client.md, "USN journal").
 * USNs and the journal id are 64-bit, so they are kept as decimal and hexadecimal text.
 */
export interface UsnVolumeReport {
  /** `C:`. */
  volume: string;
  /**
   * `read`: the journal was read (maybe partly: see `note`); `inactive`: the volume has no active
   * journal (deleted and not created again, or being deleted); `not-read`: it could not be read (see `note`).
   */
  state: 'read' | 'inactive' | 'not-read';
  /** Why it is inactive or not read, or what part of it was not read; null when read whole. */
  note: string | null;
  /** UsnJournalID, hexadecimal. */
  journalId: string | null;
  firstUsn: string | null;
  nextUsn: string | null;
  lowestValidUsn: string | null;
  /**
   * True when records of this journal instance were already dropped from its start (FirstUsn past
   * LowestValidUsn): the oldest record is then the wrap point, not the journal's creation.
   */
  wrapped: boolean | null;
  /** The time of the oldest record still in the journal. */
  oldestRecordAt: string | null;
  /** True when the walk reached the journal's end. */
  complete: boolean;
  bytesRead: number;
  changes: Array<UsnChange & { folder: string | null }>;
  /** Changes found but left out because the list holds only the newest ones. */
  changesDropped: number;
}

export function unreadVolume(volume: string, state: 'inactive' | 'not-read', note: string): UsnVolumeReport {
  return {
    volume,
    state,
    note,
    journalId: null,
    firstUsn: null,
    nextUsn: null,
    lowestValidUsn: null,
    wrapped: null,
    oldestRecordAt: null,
    complete: false,
    bytesRead: 0,
    changes: [],
    changesDropped: 0,
  };
}
