export {
  COLLECTED,
  collectedOn,
  type Disclosed,
  type DisclosedPlatform,
  disclosureText,
  NEVER_COLLECTED,
  PLATFORM_HEADINGS,
} from './disclosure.js';
export { SCANNER_VERSION } from './version.js';
