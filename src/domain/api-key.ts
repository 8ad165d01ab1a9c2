/** API keys (docs/api.md, "Authentication"): `sp_` followed by at least 32 base62 characters. */
export const API_KEY_PREFIX = 'sp_';
export const API_KEY_RANDOM_LENGTH = 40;
/** How much of a key operators see to tell keys apart: `sp_` plus 6 characters. */
export const API_KEY_DISPLAY_LENGTH = 9;

const KEY_SHAPE = /^sp_[0-9A-Za-z]{32,}$/;

export function looksLikeApiKey(value: string): boolean {
  return value.length <= 128 && KEY_SHAPE.test(value);
}

export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_LENGTH);
}
