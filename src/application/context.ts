import type { Config } from '../config.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { Store } from '../storage/database.js';
import type { Repositories, RunInTransaction } from '../storage/repositories/index.js';
import type { KeyPrincipals } from './access/key-principals.js';
import type { SessionEnds } from './access/session-ends.js';
import type { DiscordApp } from './discord/discord-app.js';
import type { PinChanges } from './pins/pin-changes.js';
import type { PinRecordCache } from './pins/pin-record-cache.js';
import type { EnterpriseReportsCache } from './players/enterprise-reports.js';
import type { PlayerFactsCache } from './players/player-facts-cache.js';
import type { RateLimiter } from './rate-limits.js';
import type { CurrentRules } from './rules/compiled-rules.js';
import type { EvidenceIntake } from './scans/evidence-intake/pool.js';
import type { IpOrigins } from './scans/network-origin.js';

/**
 * What every use case may use, built once at start-up (see wiring.ts). Surfaces (HTTP, CLI, jobs)
 * never reach past this: they call use cases, which call repositories and domain rules.
 */
export interface UseCaseContext {
  config: Config;
  /** The open store; use cases go through `repos` and `transaction`, tests may read it directly. */
  store: Store;
  repos: Repositories;
  transaction: RunInTransaction;
  rateLimiter: RateLimiter;
  /** Key for HMAC of hardware IDs and IPs (docs/scanner.md: never stored raw). */
  hashSecret: string;
  /** The operator token, compared in constant time. */
  adminToken: string;
  /** Announces PIN changes to event streams on every instance. */
  pinChanges: PinChanges;
  /** Announces ended dashboard sessions to every instance, so their event streams end (access/session-ends.ts). */
  sessionEnds: SessionEnds;
  /** Stored PINs as polls read them, kept true by those announcements (pins/pin-record-cache.ts). */
  pinRecords: PinRecordCache;
  /** Players' facts as the risk score and lookup read them, kept true by notices (players/player-facts-cache.ts). */
  playerFacts: PlayerFactsCache;
  /** Enterprises' own reports of people, kept between notices (players/enterprise-reports.ts). */
  enterpriseReports: EnterpriseReportsCache;
  /** API keys and their accounts as authentication reads them, kept briefly (access/key-principals.ts). */
  keyPrincipals: KeyPrincipals;
  /** Seals webhook signing secrets at rest. */
  webhookSecrets: SecretBox;
  /** Seals registered scanner clients' keys at rest (scanner-clients/). */
  scannerClientKeys: SecretBox;
  /** The detection rules as of the store's latest rule change, for the evidence intake to compile. */
  currentRules: CurrentRules;
  /** Worker threads that read, judge and page evidence documents off the event loop (scans/evidence-intake/). */
  evidenceIntake: EvidenceIntake;
  /** The operator's country and ASN databases and VPN list, placing a scan's address (scans/network-origin.ts). */
  ipOrigins: IpOrigins;
  /** The built-in Discord app, or null when the operator has not set it up (docs/discord.md). */
  discord: DiscordApp | null;
  /** Epoch milliseconds; injectable so tests can move time. */
  clock: () => number;
  /** Draws a fresh PIN code (lib/pin-codes.ts); injectable so a test can force a collision. */
  newPinCode: () => string;
}
