/** The scanner's version, sent as `clientVersion` (kept equal to package.json by a test). */
export const SCANNER_VERSION = '0.1.0';
