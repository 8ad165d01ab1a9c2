/**
 * What went wrong while reading a Prefetch file or its compressed container. The code is stable (tests
 * and callers match on it); the message says what is wrong and at which offset.
 */
export type FormatErrorCode =
  | 'truncated'
  | 'bad-signature'
  | 'unsupported-version'
  | 'unsupported-compression'
  | 'bad-huffman-table'
  | 'bad-match'
  | 'bad-checksum'
  | 'out-of-bounds'
  | 'too-large';

export class FormatError extends Error {
  override readonly name = 'FormatError';

  constructor(
    readonly code: FormatErrorCode,
    /** What is wrong, without the offset. */
    readonly detail: string,
    /** Byte offset in the input the problem was found at, when there is one. */
    readonly offset?: number,
  ) {
    super(offset === undefined ? detail : `${detail} (at offset ${offset})`);
  }

  /** The same error, with its offset counted from `base` bytes earlier (an enclosing structure). */
  shifted(base: number): FormatError {
    return new FormatError(
      this.code,
      this.detail,
      this.offset === undefined ? undefined : this.offset + base,
    );
  }
}
