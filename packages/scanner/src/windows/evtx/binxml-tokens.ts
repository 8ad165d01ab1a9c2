/**
 * Binary XML token bytes (libyal EVTX format, section "Binary XML"; Microsoft's "Binary XML" schema in
 * [MS-EVEN6] 3.1.4.7.1). The 0x40 bit on a token means "more follows" (attributes on an element,
 * another attribute or value after this one); the reader masks it off.
 */
export const TOKEN = {
  endOfStream: 0x00,
  openStartElement: 0x01,
  closeStartElement: 0x02,
  closeEmptyElement: 0x03,
  endElement: 0x04,
  value: 0x05,
  attribute: 0x06,
  cdata: 0x07,
  charRef: 0x08,
  entityRef: 0x09,
  piTarget: 0x0a,
  piData: 0x0b,
  templateInstance: 0x0c,
  normalSubstitution: 0x0d,
  optionalSubstitution: 0x0e,
  fragmentHeader: 0x0f,
} as const;

export const MORE_FLAG = 0x40;
