/** One write of a key: its sequence number (higher is newer) and its value, or a deletion. */
export interface Found {
  sequence: number;
  deleted: boolean;
  value: Uint8Array | null;
}
