/**
 * The one error the Authenticode reader throws internally. `readAuthenticode` never lets it escape:
 * damage in the PE headers becomes the status `unreadable`, damage in the signature becomes
 * `signed-invalid`, each carrying this error's `code` and message.
 */
export type AuthenticodeErrorCode =
  | 'truncated'
  | 'not-pe'
  | 'bad-optional-header'
  | 'certificate-table-out-of-bounds'
  | 'bad-win-certificate'
  | 'bad-asn1'
  | 'unexpected-structure';

export class AuthenticodeFormatError extends Error {
  override readonly name = 'AuthenticodeFormatError';

  constructor(
    readonly code: AuthenticodeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
