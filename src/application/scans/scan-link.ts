import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { publicBaseUrl } from '../../config.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { BUILD_NAME, type ScanPlatform } from '../../domain/player-platform.js';
import { StampRefused } from '../../domain/scanner-stamp.js';
import type { UseCaseContext } from '../context.js';
import { UseCaseFailure } from '../failures.js';
import { previewScan, type ScanPreview } from './preview-scan.js';
import { findScannerDownload, type ScannerDownload } from './scanner-downloads.js';
import { stampedStream, stampPlaceOf } from './stamped-download.js';

/**
 * The PIN behind a `/scan/<PIN>` link, when a scan could start with it now; null for a PIN that is
 * unknown, used, cancelled or expired, all alike: the page says no more than the scanner's preview
 * already does (docs/scan-client.md, "Your scan link").
 */
export async function scanLinkPin(ctx: UseCaseContext, pinInput: string): Promise<ScanPreview | null> {
  if (!/^[A-Za-z0-9]{8}$/.test(pinInput)) return null;
  try {
    return await previewScan(ctx, pinInput);
  } catch (error) {
    if (error instanceof UseCaseFailure) return null;
    throw error;
  }
}

export type StampedDownload =
  /**
   * `stamped: false`: a signed build this server cannot tag (`reason` says why), sent as signed; the
   * player types the PIN.
   */
  | { ok: true; name: string; size: number; body: Readable; stamped: true }
  | { ok: true; name: string; size: number; body: Readable; stamped: false; reason: string }
  | { ok: false; reason: 'pin' | 'no_build' | 'unstampable' };

/**
 * A build for a platform, stamped with this server's address and the PIN (docs/scanner.md, "Stamped
 * downloads"): the player runs it without typing anything. A signed Windows build carries the stamp
 * in its signature's certificate table, where it leaves the signature valid. A PIN that could not
 * start a scan gets no file.
 */
export async function stampedScannerDownload(
  ctx: UseCaseContext,
  pinInput: string,
  platform: ScanPlatform,
): Promise<StampedDownload> {
  const pin = await scanLinkPin(ctx, pinInput);
  if (pin === null) return { ok: false, reason: 'pin' };
  const build = await findScannerDownload(ctx, BUILD_NAME[platform]);
  if (build === null) return { ok: false, reason: 'no_build' };
  try {
    const place = await stampPlaceOf(build);
    if (place.kind === 'signed')
      return {
        ok: true,
        name: build.name,
        size: build.size,
        body: createReadStream(build.path),
        stamped: false,
        reason: place.reason,
      };
    const { body, size } = stampedStream(
      build.path,
      place,
      { serverUrl: publicBaseUrl(ctx.config), pin: normalisePinCode(pin.pinCode) },
      build.size,
    );
    return { ok: true, name: stampedName(build, pin.pinCode), size, body, stamped: true };
  } catch (error) {
    // A build from before stamps, or an address too long for the region: the page offers the
    // unstamped build and the PIN to type instead.
    if (error instanceof StampRefused) return { ok: false, reason: 'unstampable' };
    throw error;
  }
}

/**
 * Whether a scan link sends this build as it is, unstamped: a signed build this server cannot tag
 * (docs/scanner.md, "Stamped downloads"). Its page then tells the player to type the PIN.
 */
export async function sentUnstamped(build: ScannerDownload): Promise<boolean> {
  try {
    return (await stampPlaceOf(build)).kind === 'signed';
  } catch (error) {
    // An unsigned build without the region: its download answers with what to do instead.
    if (error instanceof StampRefused) return false;
    throw error;
  }
}

/** `scanpin-scan-A7K3M2P9.exe`: the player sees which scan the file is for. */
function stampedName(build: ScannerDownload, pinCode: string): string {
  return `scanpin-scan-${pinCode}${build.name.endsWith('.exe') ? '.exe' : ''}`;
}
