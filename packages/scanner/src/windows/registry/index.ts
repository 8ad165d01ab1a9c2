export type { HiveHeader } from './base-block.js';
export { Hive, openHive } from './hive.js';
export { type HiveErrorCode, HiveFormatError } from './hive-format-error.js';
export { RegistryKey } from './key.js';
export { RegistryValue } from './value.js';
export type { DecodedValue } from './value-data.js';
export * from './value-types.js';
