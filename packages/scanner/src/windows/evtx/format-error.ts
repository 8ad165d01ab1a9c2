/**
 * The one error the event-log reader throws inside itself. It never leaves `readEvtx`: a record that
 * throws it is listed among the problems with its message, and reading goes on with the next record
 * (docs/scan-client.md, "Event logs").
 */
export class EvtxFormatError extends Error {
  override readonly name = 'EvtxFormatError';
  /** `offset` is chunk-relative (as BinXml offsets are stored) unless the message says otherwise. */
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at offset 0x${offset.toString(16)})`);
  }
}
