import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DiscordEmbed,
  EMBED_LIMITS,
  escapeMarkdown,
  fitEmbed,
  type PinResults,
  type PinStatus,
  type RiskScore,
  toDiscordEmbed,
} from '../../packages/client/src/index.js';

function expectWithinLimits(embed: DiscordEmbed): void {
  const fields = embed.fields ?? [];
  expect(embed.title?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.title);
  expect(embed.description?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.description);
  expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.footer);
  expect(fields.length).toBeLessThanOrEqual(EMBED_LIMITS.fields);
  for (const f of fields) {
    expect(f.name.length).toBeGreaterThan(0);
    expect(f.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
    expect(f.value.length).toBeGreaterThan(0);
    expect(f.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
  }
  const total =
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
}

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
/** Lists from empty to far over any limit, items from empty to very long. */
const list = fc.oneof(
  fc.array(text(40), { maxLength: 10 }),
  fc.array(text(400), { maxLength: 300 }),
  fc.array(fc.constant('Aimbot'), { minLength: 200, maxLength: 2000 }),
);
const nullableText = fc.option(text(3000), { nil: null });

const finishedResults: fc.Arbitrary<PinResults> = fc.record({
  pin: fc.constant('A7K3M2P9'),
  pinName: fc.option(text(50), { nil: null }),
  type: fc.constant('FiveM'),
  status: fc.constant('finished' as const),
  result: fc.constantFrom('legit' as const, 'cheating' as const, 'suspicious' as const),
  createdAt: fc.constant('2026-02-11T15:25:00.000Z'),
  data: fc.record({
    cheating: nullableText,
    country: nullableText,
    vpn: nullableText,
    logon: nullableText,
    scantime: nullableText,
    windows: nullableText,
    detections: list,
    suspicious: list,
    warnings: list,
    untrusted: list,
    integrity: list,
    customSuspicious: list,
    discord: fc.array(fc.record({ id: fc.constant('123456789012345678'), username: text(100) }), {
      maxLength: 60,
    }),
    assurance: fc.option(
      fc.record({
        client: fc.record({
          kind: fc.constantFrom(
            'official' as const,
            'third-party' as const,
            'development' as const,
            'unverified' as const,
          ),
          name: fc.option(text(200), { nil: null }),
          version: fc.option(text(50), { nil: null }),
        }),
        level: fc.constantFrom('high' as const, 'medium' as const, 'low' as const),
        reasons: list,
      }),
      { nil: null },
    ),
  }),
});

const unfinishedResults: fc.Arbitrary<PinResults> = fc.record({
  pin: fc.constant('A7K3M2P9'),
  pinName: fc.option(text(50), { nil: null }),
  type: fc.constant('FiveM'),
  status: fc.constantFrom('pending' as const, 'scanning' as const, 'expired' as const, 'error' as const),
  result: fc.constant('none' as const),
  message: text(6000),
});

const status: fc.Arbitrary<PinStatus> = fc.record({
  pin: fc.constant('A7K3M2P9'),
  pinName: fc.option(text(50), { nil: null }),
  type: fc.constant('FiveM'),
  status: fc.constantFrom(
    'pending' as const,
    'scanning' as const,
    'finished' as const,
    'expired' as const,
    'error' as const,
  ),
  progress: fc.integer({ min: 0, max: 100 }),
  statusMessage: nullableText,
  result: fc.constantFrom(null, 'legit' as const, 'cheating' as const, 'suspicious' as const),
  isFinished: fc.boolean(),
  isPending: fc.boolean(),
  isScanning: fc.boolean(),
  used: fc.boolean(),
  createdAt: fc.constant('2026-02-11T15:25:00.000Z'),
  lastStatusUpdate: fc.constant(null),
}) as fc.Arbitrary<PinStatus>;

const riskScore: fc.Arbitrary<RiskScore> = fc.oneof(
  fc.record({
    discordId: fc.constant('123456789012345678'),
    found: fc.constant(false as const),
    message: text(5000),
  }),
  fc
    .record({
      discordId: fc.constant('123456789012345678'),
      found: fc.constant(true as const),
      riskScore: fc.integer({ min: 0, max: 100 }),
      riskLevel: fc.constantFrom(
        'clean' as const,
        'low' as const,
        'medium' as const,
        'high' as const,
        'critical' as const,
      ),
      isBanned: fc.boolean(),
      linkedProfiles: fc.nat(),
      firstScanDate: fc.constant('2026-02-11T15:25:00.000Z'),
      lastScanDate: fc.constant('2026-02-11T15:25:00.000Z'),
      lastCheatingDate: fc.constant(null),
      stats: fc.record({
        totalScans: fc.nat(),
        cheatingScans: fc.nat(),
        suspiciousScans: fc.nat(),
        cleanScans: fc.nat(),
        totalDetections: fc.nat(),
      }),
      uniqueCheatsDetected: list,
      scansByReach: fc.record({ shared: fc.nat(), enterpriseOnly: fc.nat() }),
    })
    .chain((r) =>
      fc
        .nat({ max: 500 })
        .map((more) => ({ ...r, totalUniqueCheatsDetected: r.uniqueCheatsDetected.length + more })),
    ),
);

/** "… and N more" lines must add up: shown items plus N is the list's length. */
function expectHonestCount(value: string, total: number): void {
  const more = /… and (\d+) more$/.exec(value);
  const shown = value.split('\n').filter((line) => line.startsWith('• ')).length;
  expect(shown + (more ? Number(more[1]) : 0)).toBe(total);
}

describe('toDiscordEmbed stays within Discord limits', () => {
  it('for any results body, with honest "… and N more" counts', () => {
    fc.assert(
      fc.property(finishedResults, (results) => {
        const embed = toDiscordEmbed(results);
        expectWithinLimits(embed);
        if (results.result === 'none') return;
        const lists: Record<string, string[]> = {
          Detections: results.data.detections,
          Suspicious: results.data.suspicious,
          Warnings: results.data.warnings,
        };
        for (const f of embed.fields ?? []) {
          const name = f.name.replace(/ \(\d+\)$/, '');
          const items = lists[name];
          if (items) expectHonestCount(f.value, items.length);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('for unfinished results, any status body and any risk score', () => {
    fc.assert(
      fc.property(fc.oneof(unfinishedResults, status, riskScore), (body) =>
        expectWithinLimits(toDiscordEmbed(body)),
      ),
      { numRuns: 200 },
    );
  });

  it('fitEmbed brings any embed within the limits, noting dropped fields', () => {
    const field = fc.record({ name: text(400), value: text(2000), inline: fc.boolean() });
    fc.assert(
      fc.property(
        fc.record({
          title: text(600),
          description: text(6000),
          footer: fc.record({ text: text(3000) }),
          fields: fc.array(field, { maxLength: 40 }),
        }),
        (embed) => {
          const fitted = fitEmbed(embed);
          expectWithinLimits(fitted);
          const note = fitted.fields?.find((f) => f.name === '…');
          const kept = (fitted.fields?.length ?? 0) - (note ? 1 : 0);
          const dropped = note ? Number(/and (\d+) more/.exec(note.value)?.[1]) : 0;
          expect(kept + dropped).toBe(embed.fields.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('shows a cheating scan as a red embed with its detections', () => {
    const embed = toDiscordEmbed({
      pin: 'A7K3M2P9',
      pinName: 'Tryout',
      type: 'FiveM',
      status: 'finished',
      result: 'cheating',
      createdAt: '2026-02-11T15:25:00.000Z',
      data: {
        cheating: 'Aimbot',
        country: 'NL',
        vpn: null,
        logon: null,
        scantime: '40 seconds',
        windows: 'Windows 11',
        detections: Array.from({ length: 500 }, (_, i) => `Cheat ${i}`),
        suspicious: [],
        warnings: [],
        untrusted: [],
        integrity: [],
        customSuspicious: [],
        discord: [],
        assurance: {
          client: { kind: 'official', name: 'scanpin-scan 0.1.0 win-x64', version: '0.1.0' },
          level: 'high',
          reasons: [],
        },
      },
    });
    expect(embed).toMatchObject({ title: 'Scan A7K3M2P9 · Tryout', color: 0xed4245 });
    expect(embed.description).toContain('**Assurance:** high (official build)');
    expect(embed.fields?.[0]?.name).toBe('Detections (500)');
    expect(embed.description).toContain('**System:** Windows 11');
    expect(embed.fields?.[0]?.value).toMatch(/^• Cheat 0\n• Cheat 1\n[\s\S]*\n… and \d+ more$/);
  });

  it('labels the system a Linux scan ran on as a system, not as Windows', () => {
    const embed = toDiscordEmbed({
      pin: 'A7K3M2P9',
      pinName: null,
      type: 'Java',
      status: 'finished',
      result: 'legit',
      createdAt: '2026-02-11T15:25:00.000Z',
      data: {
        cheating: null,
        country: null,
        vpn: null,
        logon: null,
        scantime: null,
        windows: 'Linux 6.1.0 (Debian GNU/Linux 12)',
        detections: [],
        suspicious: [],
        warnings: [],
        untrusted: [],
        integrity: [],
        customSuspicious: [],
        discord: [],
        assurance: null,
      },
    });
    // Markdown's characters are escaped, as in every field the player's machine wrote.
    expect(embed.description).toContain('**System:** Linux 6.1.0 \\(Debian GNU/Linux 12\\)');
    expect(embed.description).not.toContain('Windows');
  });

  it("counts a risk score's detections from the server's total when it listed only the first", () => {
    const embed = toDiscordEmbed({
      discordId: '123456789012345678',
      found: true,
      riskScore: 90,
      riskLevel: 'critical',
      linkedProfiles: 1,
      stats: { totalScans: 1, cheatingScans: 1, suspiciousScans: 0, cleanScans: 0, totalDetections: 103 },
      uniqueCheatsDetected: ['Eulen', 'Meteor', 'Wurst'],
      totalUniqueCheatsDetected: 103,
      isBanned: false,
      firstScanDate: '2026-02-11T15:25:00.000Z',
      lastScanDate: '2026-02-11T15:25:00.000Z',
      lastCheatingDate: '2026-02-11T15:25:00.000Z',
      scansByReach: { shared: 1, enterpriseOnly: 0 },
    });
    expect(embed.fields?.[0]).toEqual({
      name: 'Cheats detected (103)',
      value: '• Eulen\n• Meteor\n• Wurst\n… and 100 more',
    });
  });
});

/**
 * What Discord would make of a text in an embed: a backslash shows the character after it as
 * written, so escaped characters take part in nothing; then whether any link or mention remains.
 */
function linksOrMentions(text: string): string[] {
  const plain = text.replace(/\\[^0-9A-Za-z\s]/g, '\u0000');
  const found: string[] = [];
  for (const [what, pattern] of [
    ['bare address', /[a-z][a-z0-9+.-]*:\/\//i],
    ['masked link', /\[[^\]]*\]\([^)]*\)/],
    ['@everyone or @here', /@(everyone|here)/],
    ['user, role or channel mention', /<(@!?|@&|#)\d+>/],
    ['command mention', /<\/[^>:]+:\d+>/],
    ['angle-bracket link', /<[a-z][a-z0-9+.-]*:/i],
  ] as const)
    if (pattern.test(plain)) found.push(what);
  return found;
}

/** The text as a person reads it: escapes shown as their character, the zero-width spaces unseen. */
const asRead = (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1').replace(/\u200b/g, '');

describe('player-supplied text in Discord messages', () => {
  const NASTY = [
    'https://evil.example/x',
    'C:\\Users\\me\\Downloads\\HTTPS://EVIL.EXAMPLE/loader.jar',
    '[Download the fix](https://evil.example/fix)',
    '<https://evil.example/hidden>',
    'steam://run/123',
    '@everyone free nitro',
    '@here',
    '<@123456789012345678> <@!123456789012345678> <@&123456789012345678> <#123456789012345678>',
    '</scan:123456789012345678>',
  ];

  it('shows no link or mention, and reads as written', () => {
    for (const text of NASTY) {
      expect(linksOrMentions(text), text).not.toEqual([]);
      expect(linksOrMentions(escapeMarkdown(text)), text).toEqual([]);
      expect(asRead(escapeMarkdown(text))).toBe(text);
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...NASTY, ':', '/', '\\', '<', '>', '@', '[', ']', '(', ')', 'http', 's', ' '),
            fc.string({ maxLength: 4 }),
          ),
          { maxLength: 12 },
        ),
        (parts) => {
          const text = parts.join('').replace(/\u200b/g, '');
          expect(linksOrMentions(escapeMarkdown(text))).toEqual([]);
          expect(asRead(escapeMarkdown(text))).toBe(text);
        },
      ),
    );
  });

  it('in a finished scan’s embed: its name, facts, findings and accounts', () => {
    const embed = toDiscordEmbed({
      pin: 'A7K3M2P9',
      pinName: NASTY[2] as string,
      type: 'Java',
      status: 'finished',
      result: 'cheating',
      createdAt: '2026-01-01T00:00:00.000Z',
      data: {
        detections: NASTY,
        suspicious: NASTY,
        warnings: [],
        untrusted: [],
        integrity: [],
        customSuspicious: [],
        artifacts: [],
        vpn: NASTY[0] as string,
        country: null,
        logon: null,
        scantime: null,
        windows: NASTY[4] as string,
        discord: [{ id: '123456789012345678', username: NASTY[5] as string }],
      },
    } as unknown as PinResults);
    const shown = [embed.title, embed.description, ...(embed.fields ?? []).map((f) => f.value)].join('\n');
    expect(linksOrMentions(shown)).toEqual([]);
    expect(asRead(shown)).toContain('https://evil.example/x');
  });
});
