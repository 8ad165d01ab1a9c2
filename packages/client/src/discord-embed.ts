import type { PinResults, PinStatus, RiskScore, ScannedUserLookup } from './types.js';

/** A Discord embed object (Discord's "Embed Object"), as discord.js and the REST API accept it. */
export interface DiscordEmbed {
  title?: string;
  description?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
  timestamp?: string;
}

/** Discord's embed limits ("Embed Limits" in Discord's API documentation). */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  total: 6000,
} as const;

const COLORS = { legit: 0x57f287, suspicious: 0xfee75c, cheating: 0xed4245, none: 0x99aab5 } as const;
/** A single listed item longer than this is cut, so one long line cannot hide every other. */
const ITEM_CHARS = 200;

/**
 * Text from the API (names, findings, reasons: written on the player's machine) shown as written,
 * never as a link or a mention: Discord's markdown characters are escaped (so `[text](url)` is no
 * masked link, and `<` starts no `<@id>`, `<#id>`, `</command:id>` or `<https://…>`), an @ cannot start
 * a mention (`@everyone`), and a zero-width space after the colon of `scheme://` keeps a bare
 * address from becoming a link Discord would make clickable.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\*_~`|<>#[\]()-]/g, (c) => `\\${c}`)
    .replace(/@/g, '@\u200b')
    .replace(/:\/\//g, ':\u200b//');
}
const md = escapeMarkdown;

/** The scan client's kind in words (docs/scan-client.md, "Trust"). */
const CLIENT_WORDS = {
  official: 'official build',
  'third-party': 'registered integration',
  development: 'development copy',
  unverified: 'unknown client',
} as const;

/** Cuts `text` to at most `max` characters, ending in "…" when cut, never halving a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** As many items as fit in `max` characters, one per line, then "… and N more". */
export function listWithin(items: readonly string[], max: number, total = items.length): string {
  if (items.length === 0 && total === 0) return 'None';
  const lines: string[] = [];
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    const line = `• ${truncate((items[i] as string).replace(/\s*[\r\n]+\s*/g, ' '), ITEM_CHARS)}`;
    const rest = total - i - 1;
    const tail = rest > 0 ? `\n… and ${rest} more`.length : 0;
    const cost = (lines.length > 0 ? 1 : 0) + line.length;
    if (used + cost + tail > max) {
      const more = `… and ${total - i} more`;
      return lines.length > 0 ? `${lines.join('\n')}\n${more}` : truncate(more, max);
    }
    lines.push(line);
    used += cost;
  }
  // The server listed only the first entries of a longer list (docs/api.md, "Lookup").
  if (total > items.length) lines.push(`… and ${total - items.length} more`);
  return lines.join('\n');
}

function embedLength(embed: DiscordEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

/**
 * Brings any embed within Discord's limits: each part is cut to its own limit, extra fields are
 * replaced by a "… and N more fields" field, and the description gives way last, so nothing fails.
 */
export function fitEmbed(embed: DiscordEmbed): DiscordEmbed {
  const out: DiscordEmbed = { ...embed };
  if (out.title !== undefined) out.title = truncate(out.title, EMBED_LIMITS.title);
  if (out.description !== undefined) out.description = truncate(out.description, EMBED_LIMITS.description);
  if (out.footer) out.footer = { text: truncate(out.footer.text, EMBED_LIMITS.footer) };
  const fields = (embed.fields ?? []).map((f) => ({
    ...f,
    name: truncate(f.name || '\u200b', EMBED_LIMITS.fieldName),
    value: truncate(f.value || '\u200b', EMBED_LIMITS.fieldValue),
  }));
  let dropped = 0;
  const withNote = () =>
    dropped === 0
      ? fields
      : [...fields, { name: '…', value: `and ${dropped} more field${dropped === 1 ? '' : 's'}` }];
  while (
    fields.length > 0 &&
    (withNote().length > EMBED_LIMITS.fields ||
      embedLength({ ...out, fields: withNote() }) > EMBED_LIMITS.total)
  ) {
    fields.pop();
    dropped++;
  }
  if (embed.fields !== undefined) out.fields = withNote();
  const over = embedLength(out) - EMBED_LIMITS.total;
  if (over > 0 && out.description !== undefined) {
    out.description = truncate(out.description, Math.max(1, out.description.length - over));
  }
  if (embedLength(out) > EMBED_LIMITS.total && out.footer) {
    out.footer = {
      text: truncate(
        out.footer.text,
        Math.max(1, out.footer.text.length - (embedLength(out) - EMBED_LIMITS.total)),
      ),
    };
  }
  return out;
}

type Embeddable = PinResults | PinStatus | RiskScore | ScannedUserLookup;

function isStatus(x: Embeddable): x is PinStatus {
  return 'isFinished' in x;
}

function isLookup(x: Embeddable): x is ScannedUserLookup {
  return 'relatedAccounts' in x;
}

function isRiskScore(x: Embeddable): x is RiskScore {
  return 'discordId' in x && !('relatedAccounts' in x);
}

const field = (name: string, items: readonly string[], total = items.length) => ({
  name: `${name} (${total})`,
  value: listWithin(items.map(md), EMBED_LIMITS.fieldValue, total),
});

function resultsEmbed(r: PinResults): DiscordEmbed {
  const title = `Scan ${r.pin}${r.pinName ? ` · ${md(r.pinName)}` : ''}`;
  if (r.result === 'none') {
    return {
      title,
      description: `No result: ${md(r.message)}`,
      color: COLORS.none,
      footer: { text: `${r.type} · ${r.status}` },
    };
  }
  const d = r.data;
  const facts = [
    `**Result:** ${r.result}`,
    // How far the result can be trusted; its reasons are in the Integrity field (docs/scan-client.md).
    d.assurance
      ? `**Assurance:** ${d.assurance.level} (${CLIENT_WORDS[d.assurance.client.kind]})`
      : undefined,
    d.vpn ? `**VPN:** ${md(d.vpn)}` : undefined,
    d.country ? `**Country:** ${md(d.country)}` : undefined,
    // `windows` holds any system's name and version ("Linux 6.1.0 …" too), so it is labelled System.
    d.windows ? `**System:** ${md(d.windows)}` : undefined,
    d.scantime ? `**Scan time:** ${md(d.scantime)}` : undefined,
    d.discord.length > 0
      ? `**Discord:** ${d.discord.map((a) => `${md(a.username)} (${a.id})`).join(', ')}`
      : undefined,
  ].filter((line): line is string => line !== undefined);
  const lists: [string, string[]][] = [
    ['Detections', d.detections],
    ['Suspicious', d.suspicious],
    ['Warnings', d.warnings],
    ['Untrusted', d.untrusted],
    ['Integrity', d.integrity],
    ['Custom suspicious', d.customSuspicious],
  ];
  return {
    title,
    description: facts.join('\n'),
    color: COLORS[r.result],
    fields: lists.filter(([, items]) => items.length > 0).map(([name, items]) => field(name, items)),
    footer: { text: `${r.type} · scanned ${r.createdAt}` },
  };
}

function statusEmbed(s: PinStatus): DiscordEmbed {
  const title = `PIN ${s.pin}${s.pinName ? ` · ${md(s.pinName)}` : ''}: ${s.status}`;
  const lines = [
    `**Progress:** ${s.progress}%`,
    s.statusMessage ? `**Status:** ${md(s.statusMessage)}` : undefined,
  ];
  if (s.result) lines.push(`**Result:** ${s.result}`);
  if (s.data) {
    lines.push(
      `**Detections:** ${s.data.detectionsCount} · **Suspicious:** ${s.data.suspiciousCount} · **Warnings:** ${s.data.warningsCount}`,
    );
  }
  return {
    title,
    description: lines.filter((l): l is string => l !== undefined).join('\n'),
    color: s.result ? COLORS[s.result] : COLORS.none,
    footer: { text: `${s.type} · created ${s.createdAt}` },
  };
}

function riskEmbed(r: RiskScore): DiscordEmbed {
  if (!r.found) return { title: `Player ${r.discordId}`, description: md(r.message), color: COLORS.none };
  const color =
    r.riskLevel === 'clean'
      ? COLORS.legit
      : r.riskLevel === 'low' || r.riskLevel === 'medium'
        ? COLORS.suspicious
        : COLORS.cheating;
  return {
    title: `Player ${r.discordId}: risk ${r.riskScore} (${r.riskLevel})`,
    description: [
      `**Scans:** ${r.stats.totalScans} (${r.stats.cheatingScans} cheating, ${r.stats.suspiciousScans} suspicious, ${r.stats.cleanScans} clean)`,
      `**Banned:** ${r.isBanned ? 'yes' : 'no'} · **Linked profiles:** ${r.linkedProfiles}`,
      `**Last cheating:** ${r.lastCheatingDate ?? 'never'}`,
    ].join('\n'),
    color,
    fields:
      r.totalUniqueCheatsDetected > 0
        ? [field('Cheats detected', r.uniqueCheatsDetected, r.totalUniqueCheatsDetected)]
        : [],
    footer: { text: `First scan ${r.firstScanDate} · last scan ${r.lastScanDate}` },
  };
}

const STATUS_COLORS = {
  clean: COLORS.legit,
  suspicious: COLORS.suspicious,
  cheating: COLORS.cheating,
  banned: COLORS.cheating,
} as const;

function lookupEmbed(l: ScannedUserLookup): DiscordEmbed {
  if (!l.found) return { title: `Player ${l.discordId}`, description: md(l.message), color: COLORS.none };
  const date = (iso: string) => iso.slice(0, 10);
  const fields = [
    field(
      'Bans',
      l.bans.map((b) => `${b.status}${b.isExpired ? ' (expired)' : ''}: ${b.reason} · ${date(b.createdAt)}`),
      l.totalBans,
    ),
    field('Detections', l.detections, l.totalUniqueDetections),
    field(
      'Staff notes',
      l.reasons.map((r) => `${r.category}: ${r.reason} · ${date(r.addedAt)}`),
      l.totalReasons,
    ),
    field(
      'Related accounts',
      l.relatedAccounts.map(
        (a) =>
          `${a.username} (${a.discordId}): ${a.overallStatus}, ${a.totalSharedHwids} shared hardware ID${a.totalSharedHwids === 1 ? '' : 's'}, last seen ${date(a.lastSeenAt)}`,
      ),
      l.totalRelatedAccounts,
    ),
  ].filter((f) => !f.value.startsWith('None'));
  return {
    title: `${md(l.username)} (${l.discordId}): ${l.overallStatus}`,
    description: [
      `**Scans:** ${l.totalScans} · **Detections:** ${l.totalDetections} · **Hardware IDs:** ${l.totalHwids}`,
      `**Banned:** ${l.isBanned ? 'yes' : 'no'} · **Warned:** ${l.isWarned ? 'yes' : 'no'}`,
      l.gamesScanned.length > 0 ? `**Games:** ${l.gamesScanned.map(md).join(', ')}` : undefined,
    ]
      .filter((line): line is string => line !== undefined)
      .join('\n'),
    color: STATUS_COLORS[l.overallStatus] ?? COLORS.none,
    fields,
    footer: { text: `First seen ${l.firstSeen} · last seen ${l.lastSeen}` },
  };
}

/**
 * A Discord embed for a scan's results, a PIN's status, a player's risk score or a lookup, always
 * within Discord's limits: long lists end in "… and N more" rather than the message being refused.
 */
export function toDiscordEmbed(body: Embeddable): DiscordEmbed {
  if (isStatus(body)) return fitEmbed(statusEmbed(body));
  if (isLookup(body)) return fitEmbed(lookupEmbed(body));
  if (isRiskScore(body)) return fitEmbed(riskEmbed(body));
  return fitEmbed(resultsEmbed(body));
}
