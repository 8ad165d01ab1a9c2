export {
  COLLECTED,
  type ConsentContext,
  collectedOn,
  consentText,
  DISCORD_PROOF_HINT,
  type Disclosed,
  type DisclosedPlatform,
  type DisclosedSource,
  disclosureFor,
  NEVER_COLLECTED,
  PLATFORM_HEADINGS,
  type PlannedSources,
} from './disclosure.js';
export {
  emptyStampRegion,
  readStampRegion,
  STAMP_MARKER,
  STAMP_REGION_BYTES,
  type Stamp,
  StampTooLong,
  stampRegion,
} from './stamp.js';
export { SCANNER_VERSION } from './version.js';
