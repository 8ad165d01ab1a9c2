/**
 * The one error the hive reader throws. `code` is stable (callers and tests match on it); `offset` is
 * the hive-bin-relative offset of the cell at fault (as stored in the hive, libyal regf format
 * document section "Hive bin cell"), or the file offset for base block and bin header faults.
 */
export type HiveErrorCode =
  | 'truncated'
  | 'bad-signature'
  | 'bad-version'
  | 'not-a-primary-hive'
  | 'bad-bin'
  | 'bad-offset'
  | 'unallocated-cell'
  | 'bad-cell'
  | 'bad-key'
  | 'bad-subkey-list'
  | 'bad-value-list'
  | 'bad-value'
  | 'bad-data'
  | 'cycle'
  | 'too-deep';

export class HiveFormatError extends Error {
  override readonly name = 'HiveFormatError';
  constructor(
    readonly code: HiveErrorCode,
    readonly offset: number,
    message: string,
  ) {
    super(`${message} (at offset 0x${offset.toString(16)})`);
  }
}
