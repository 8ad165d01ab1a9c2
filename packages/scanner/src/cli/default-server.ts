/**
 * The server address a build carries (docs/scan-client.md, "Building the executables"), so players
 * type only the PIN: the `config.json` asset of a single-executable build, made by
 * `npm run build:scanner -- --server-url URL`. Null when the build carries none. `node:sea` is
 * reached through `process.getBuiltinModule`, which works in the CommonJS bundle a build embeds.
 */
export function bakedServerUrl(): string | null {
  try {
    const sea = process.getBuiltinModule?.('node:sea') as
      | { isSea(): boolean; getAsset(key: string, encoding: string): string }
      | undefined;
    if (sea === undefined || !sea.isSea()) return null;
    const config = JSON.parse(sea.getAsset('config.json', 'utf8')) as { serverUrl?: unknown };
    return typeof config.serverUrl === 'string' && config.serverUrl !== '' ? config.serverUrl : null;
  } catch {
    return null;
  }
}
