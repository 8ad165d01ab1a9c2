export { COLLECTED, type Disclosed, disclosureText, NEVER_COLLECTED } from './disclosure.js';
export { SCANNER_VERSION } from './version.js';
