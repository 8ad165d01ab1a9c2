import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { ProgramSignature } from '../../evidence/document.js';
import { type AuthenticodeStatus, readAuthenticode } from '../../windows/authenticode/read-authenticode.js';
import type { SignatureReport } from '../../windows/authenticode/status.js';

const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, EVIDENCE_CAPS.text));

function signedBy(signature: SignatureReport | undefined) {
  const signer = signature?.signer;
  return {
    signer: clip(signer?.subjectCommonName ?? signer?.subject),
    issuer: clip(signer?.issuerCommonName ?? signer?.issuer),
    selfSigned: signature === undefined ? null : signature.selfSigned,
    signedAt: signature?.signingTime?.time ?? null,
  };
}

/**
 * An executable's Authenticode status as the evidence shows it (docs/scan-client.md, "Authenticode
 * signatures"): who signed it and whether the file is still what was signed. Trust up to a root is
 * not checked, which is why the issuer and `selfSigned` are sent.
 */
export function signatureOf(bytes: Uint8Array | null): ProgramSignature {
  if (bytes === null)
    return {
      status: 'not-read',
      signer: null,
      issuer: null,
      selfSigned: null,
      reason: 'too large or unreadable',
      signedAt: null,
    };
  const status: AuthenticodeStatus = readAuthenticode(bytes);
  switch (status.status) {
    case 'unsigned':
      return {
        status: 'unsigned',
        signer: null,
        issuer: null,
        selfSigned: null,
        reason: null,
        signedAt: null,
      };
    case 'signed-valid':
      return { status: 'signed-valid', reason: null, ...signedBy(status.signature) };
    case 'signed-invalid':
      return { status: 'signed-invalid', reason: clip(status.reason), ...signedBy(status.signature) };
    case 'signed-unverifiable':
      return { status: 'signed-unverifiable', reason: clip(status.detail), ...signedBy(status.signature) };
    case 'unreadable':
      return {
        status: 'unreadable',
        signer: null,
        issuer: null,
        selfSigned: null,
        reason: clip(status.code),
        signedAt: null,
      };
  }
}
