import type { Migration, MigrationProvider } from 'kysely';
import { core } from './0001-core.js';
import { playerRisk } from './0002-player-risk.js';
import { settings } from './0003-settings.js';
import { pinRevision } from './0005-pin-revision.js';
import { webhooks } from './0006-webhooks.js';
import { playerOwnScans } from './0007-player-own-scans.js';
import { sessions } from './0008-sessions.js';
import { shareLinks } from './0009-share-links.js';
import { invites } from './0010-invites.js';
import { pinTimeline } from './0011-pin-timeline.js';
import { audit } from './0012-audit.js';
import { privacy } from './0013-privacy.js';
import { retiredPinCodes } from './0014-retired-pin-codes.js';
import { scanEvidence } from './0015-scan-evidence.js';
import { hardwareHubs } from './0016-hardware-hubs.js';
import { playerDocuments } from './0018-player-documents.js';
import { windowsRules } from './0019-windows-rules.js';
import { discord } from './0020-discord.js';
import { usedSignInStates } from './0022-used-sign-in-states.js';
import { reportProvenance } from './0023-report-provenance.js';
import { ruleTests } from './0024-rule-tests.js';
import { scannerClients } from './0025-scanner-clients.js';
import { scanNetworks } from './0026-scan-networks.js';
import { hardwareFacts } from './0027-hardware-facts.js';
import { verdictToPlayers } from './0028-verdict-to-players.js';
import { scanAssurance } from './0029-scan-assurance.js';
import { windowsTamperRules } from './0030-windows-tamper-rules.js';
import { rulePacks } from './0031-rule-packs.js';
import { minecraftClientRules } from './0032-minecraft-client-rules.js';
import { rockstarGameRules } from './0033-rockstar-game-rules.js';
import { gameRules } from './0034-game-rules.js';
import { xrayPackRules } from './0035-xray-pack-rules.js';
import { rulePackSources } from './0036-rule-pack-sources.js';
import { ruleQuality } from './0037-rule-quality.js';
import { passkeys } from './0038-passkeys.js';
import { memberRoles } from './0039-member-roles.js';
import { moderation } from './0040-moderation.js';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
  /** Auto-incrementing integer key type: SQLite's rowid alias or PostgreSQL's identity. */
  idColumn: 'integer' | 'serial';
}

/**
 * Migrations are listed in code rather than read from a folder, so they run the same from the
 * TypeScript sources (tests) and from the compiled build. Append only: never edit a released one.
 */
export class ScanpinMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const ctx: MigrationContext = {
      dialect: this.dialect,
      idColumn: this.dialect === 'sqlite' ? 'integer' : 'serial',
    };
    return {
      '0001-core': core(ctx),
      '0002-player-risk': playerRisk(ctx),
      '0003-settings': settings(),
      '0005-pin-revision': pinRevision(),
      '0006-webhooks': webhooks(ctx),
      '0007-player-own-scans': playerOwnScans(),
      '0008-sessions': sessions(ctx),
      '0009-share-links': shareLinks(ctx),
      '0010-invites': invites(ctx),
      '0011-pin-timeline': pinTimeline(ctx),
      '0012-audit': audit(ctx),
      '0013-privacy': privacy(),
      '0014-retired-pin-codes': retiredPinCodes(),
      '0015-scan-evidence': scanEvidence(ctx),
      '0016-hardware-hubs': hardwareHubs(),
      '0018-player-documents': playerDocuments(),
      '0019-windows-rules': windowsRules(),
      '0020-discord': discord(ctx),
      '0022-used-sign-in-states': usedSignInStates(),
      '0023-report-provenance': reportProvenance(),
      '0024-rule-tests': ruleTests(ctx),
      '0025-scanner-clients': scannerClients(ctx),
      '0026-scan-networks': scanNetworks(ctx),
      '0027-hardware-facts': hardwareFacts(),
      '0028-verdict-to-players': verdictToPlayers(),
      '0029-scan-assurance': scanAssurance(),
      '0030-windows-tamper-rules': windowsTamperRules(),
      '0031-rule-packs': rulePacks(ctx),
      '0032-minecraft-client-rules': minecraftClientRules(),
      '0033-rockstar-game-rules': rockstarGameRules(),
      '0034-game-rules': gameRules(),
      '0035-xray-pack-rules': xrayPackRules(),
      '0036-rule-pack-sources': rulePackSources(ctx),
      '0037-rule-quality': ruleQuality(),
      '0038-passkeys': passkeys(ctx),
      '0039-member-roles': memberRoles(),
      '0040-moderation': moderation(ctx),
    };
  }
}
