/*
 * The player's system, for the `/scan/<PIN>` page's download (docs/scan-client.md, "For players"):
 * from the `Sec-CH-UA-Platform` client hint where the browser sends it, else the User-Agent. Only a
 * guess to pick the first button: the page offers the other systems too.
 */

/** The systems a scanner build exists for, as `/scan/<PIN>/download/<platform>` names them. */
export const SCAN_PLATFORMS = ['windows', 'linux'] as const;
export type ScanPlatform = (typeof SCAN_PLATFORMS)[number];

export const SCAN_PLATFORM_LABELS: Record<ScanPlatform, string> = { windows: 'Windows', linux: 'Linux' };

/** The platform name the disclosure list uses (Node's `process.platform`). */
export const NODE_PLATFORM: Record<ScanPlatform, string> = { windows: 'win32', linux: 'linux' };

/** The build of a platform in the downloads folder: `scanpin-scan-win-x64.exe`, `scanpin-scan-linux-x64`. */
export const BUILD_NAME: Record<ScanPlatform, string> = {
  windows: 'scanpin-scan-win-x64.exe',
  linux: 'scanpin-scan-linux-x64',
};

export function isScanPlatform(value: unknown): value is ScanPlatform {
  return typeof value === 'string' && (SCAN_PLATFORMS as readonly string[]).includes(value);
}

/** Windows unless the browser says Linux (a phone or a Mac gets the Windows build's page, the common case). */
export function detectScanPlatform(hints: { platformHint?: string; userAgent?: string }): ScanPlatform {
  const hint = hints.platformHint?.replace(/"/g, '').trim().toLowerCase();
  if (hint === 'linux' || hint === 'chrome os') return 'linux';
  if (hint !== undefined && hint !== '') return 'windows';
  const ua = hints.userAgent ?? '';
  if (/Windows/i.test(ua)) return 'windows';
  if (/Linux|X11|CrOS/i.test(ua) && !/Android/i.test(ua)) return 'linux';
  return 'windows';
}
