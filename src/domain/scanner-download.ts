/*
 * Which files of the downloads folder the /scan page offers (docs/scan-client.md, "Hosting the
 * downloads"): only the executables `npm run build:scanner` names `scanpin-scan-<platform>-<arch>`,
 * never the build's other files (the bundle, the blob, its configuration) nor anything a path could
 * reach outside the folder.
 */

const DOWNLOAD_NAME = /^scanpin-scan-[a-z0-9-]+(\.exe)?$/;

export function isScannerDownloadName(name: string): boolean {
  return DOWNLOAD_NAME.test(name);
}

const SYSTEMS: Record<string, string> = {
  linux: 'Linux',
  win: 'Windows',
  windows: 'Windows',
  macos: 'macOS',
  darwin: 'macOS',
};

/** The platform a download is for, in words: `scanpin-scan-win-x64.exe` → `Windows x64`. */
export function downloadPlatform(name: string): string {
  const [system = '', ...rest] = name
    .replace(/^scanpin-scan-/, '')
    .replace(/\.exe$/, '')
    .split('-');
  return [SYSTEMS[system] ?? system, ...rest].join(' ');
}
