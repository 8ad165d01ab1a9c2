/** Value data types (libyal regf format document, "Data types"; Microsoft "Registry value types"). */
export const REG_NONE = 0;
export const REG_SZ = 1;
export const REG_EXPAND_SZ = 2;
export const REG_BINARY = 3;
export const REG_DWORD = 4;
export const REG_DWORD_BIG_ENDIAN = 5;
export const REG_LINK = 6;
export const REG_MULTI_SZ = 7;
export const REG_RESOURCE_LIST = 8;
export const REG_FULL_RESOURCE_DESCRIPTOR = 9;
export const REG_RESOURCE_REQUIREMENTS_LIST = 10;
export const REG_QWORD = 11;

const NAMES: Record<number, string> = {
  [REG_NONE]: 'REG_NONE',
  [REG_SZ]: 'REG_SZ',
  [REG_EXPAND_SZ]: 'REG_EXPAND_SZ',
  [REG_BINARY]: 'REG_BINARY',
  [REG_DWORD]: 'REG_DWORD',
  [REG_DWORD_BIG_ENDIAN]: 'REG_DWORD_BIG_ENDIAN',
  [REG_LINK]: 'REG_LINK',
  [REG_MULTI_SZ]: 'REG_MULTI_SZ',
  [REG_RESOURCE_LIST]: 'REG_RESOURCE_LIST',
  [REG_FULL_RESOURCE_DESCRIPTOR]: 'REG_FULL_RESOURCE_DESCRIPTOR',
  [REG_RESOURCE_REQUIREMENTS_LIST]: 'REG_RESOURCE_REQUIREMENTS_LIST',
  [REG_QWORD]: 'REG_QWORD',
};

/** Other types occur (libyal lists some seen in SAM and SCHEMA.DAT); they are named by number. */
export function valueTypeName(type: number): string {
  return NAMES[type] ?? `REG_0x${type.toString(16).padStart(8, '0')}`;
}
