import { CLIENT_ID } from '../identity/client-id.js';
import { unmaskKey } from '../identity/masked-key.js';
import { type ClientIdentity, DEVELOPMENT } from '../server/signature.js';
import { readStampRegion, STAMP_ASSET, type Stamp } from '../stamp.js';
import { signatureStampAccepted, stampInSignature } from './signature-stamp.js';

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
  getAsset(key: string, encoding: string): string;
}

function seaModule(): SeaModule | null {
  try {
    const sea = process.getBuiltinModule?.('node:sea') as SeaModule | undefined;
    return sea?.isSea() ? sea : null;
  } catch {
    return null;
  }
}

/**
 * What a single-executable build carries in its `config.json` asset (docs/scan-client.md, "Building
 * the executables" and "Official builds"): the server address, so players type only the PIN, and the
 * build's client id with its key in masked shares. Null outside such a build. `node:sea` is reached
 * through `process.getBuiltinModule`, which works in the CommonJS bundle a build embeds.
 */
function bakedConfig(): { serverUrl?: unknown; client?: { id?: unknown; key?: unknown } } | null {
  try {
    const sea = seaModule();
    if (sea === null) return null;
    return JSON.parse(sea.getAsset('config.json', 'utf8'));
  } catch {
    return null;
  }
}

/** The server address the build carries; null when it carries none. */
export function bakedServerUrl(): string | null {
  const serverUrl = bakedConfig()?.serverUrl;
  return typeof serverUrl === 'string' && serverUrl !== '' ? serverUrl : null;
}

/**
 * Who this scanner is: the registered client an official build carries, else the `development` client
 * (the run from source, which has no key to sign with).
 */
export function bakedClientIdentity(): ClientIdentity {
  const client = bakedConfig()?.client;
  if (typeof client?.id !== 'string' || !CLIENT_ID.test(client.id)) return DEVELOPMENT;
  const key = unmaskKey(client.key);
  return key === null ? DEVELOPMENT : { kind: 'registered', clientId: client.id, key };
}

/**
 * The server address and PIN the server wrote into this copy when the player downloaded it from
 * `/scan/<PIN>` (stamp.ts; docs/scanner.md, "Stamped downloads"); null for a build as built, or
 * outside a single executable. An unsigned build carries it in its `stamp.bin` asset; a signed one
 * keeps that asset empty (it is inside the signed part) and carries the stamp in its signature's
 * certificate table instead, which is read only when the asset holds none.
 */
export function stampedScan(): Stamp | null {
  try {
    const sea = seaModule();
    if (sea === null) return null;
    const own = readStampRegion(new Uint8Array(sea.getAsset(STAMP_ASSET)));
    if (own !== null) return own;
  } catch {
    // A build from before stamps has no such asset.
    return null;
  }
  const tagged = stampInSignature(process.execPath);
  return tagged !== null && signatureStampAccepted(tagged, bakedServerUrl()) ? tagged : null;
}
