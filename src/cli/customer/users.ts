import type { RiskScore, ScannedUserLookup } from '@scanpin/client';
import { Command } from 'commander';
import { action, type CustomerIo, withCommonOptions } from './connection.js';
import { keyValues, table } from './format.js';

function riskRows(r: RiskScore): Array<[string, unknown]> {
  if (!r.found)
    return [
      ['Discord ID', r.discordId],
      ['Found', 'no'],
      ['Message', r.message],
    ];
  return [
    ['Discord ID', r.discordId],
    ['Risk score', `${r.riskScore} (${r.riskLevel})`],
    ['Banned', r.isBanned ? 'yes' : 'no'],
    ['Scans', r.stats.totalScans],
    ['Cheating scans', r.stats.cheatingScans],
    ['Suspicious scans', r.stats.suspiciousScans],
    ['Clean scans', r.stats.cleanScans],
    ['Cheats detected', r.uniqueCheatsDetected],
    ['Linked profiles', r.linkedProfiles],
    ['First scan', r.firstScanDate],
    ['Last scan', r.lastScanDate],
    ['Last cheating', r.lastCheatingDate],
  ];
}

function lookupText(l: ScannedUserLookup): string {
  if (!l.found)
    return keyValues([
      ['Discord ID', l.discordId],
      ['Found', 'no'],
      ['Message', l.message],
    ]);
  const head = keyValues([
    ['Discord ID', l.discordId],
    ['Status', l.overallStatus],
    ['Scans', l.totalScans],
    ['Detections', l.detections],
    ['Games', l.gamesScanned],
    ['First seen', l.firstSeen],
    ['Last seen', l.lastSeen],
    ['Bans', l.bans.map((b) => `${b.status}: ${b.reason ?? '-'}`)],
  ]);
  if (l.relatedAccounts.length === 0) return head;
  const related = table(
    ['Related account', 'Status', 'Detections', 'Last seen'],
    l.relatedAccounts.map((a) => [a.discordId, a.overallStatus, a.totalDetections, a.lastSeenAt]),
  );
  return `${head}\n\n${related}`;
}

/** `scanpin users …`: players by Discord user ID (docs/api.md, "Players"). */
export function usersCommand(io: CustomerIo): Command {
  const users = withCommonOptions(new Command('users').description("read a player's risk and history"));
  users
    .command('risk <discordId>')
    .description("a player's risk score")
    .action(
      action(async (client, flags, discordId: string) => {
        const risk = await client.users.riskScore(discordId);
        io.out(flags.json ? JSON.stringify(risk, null, 2) : keyValues(riskRows(risk)));
        return 0;
      }),
    );
  users
    .command('lookup <discordId>')
    .description('who is behind a Discord account: scans, bans and related accounts')
    .action(
      action(async (client, flags, discordId: string) => {
        const found = await client.scannedUsers.lookup(discordId);
        io.out(flags.json ? JSON.stringify(found, null, 2) : lookupText(found));
        return 0;
      }),
    );
  return users;
}
