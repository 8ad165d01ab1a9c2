/** The game types a PIN can be created for. */
export const GAME_TYPES = [
  'Java',
  'Bedrock',
  'FiveM',
  'RedM',
  'RageMP',
  'AltV',
  'Roblox',
  'SanAndreas',
  'Cod',
  'Rust',
] as const;

export type GameType = (typeof GAME_TYPES)[number];
