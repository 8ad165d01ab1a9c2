import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectEvidence, readsOn } from '../../packages/scanner/src/collect/run.js';
import {
  COLLECTED,
  consentText,
  DISCORD_PROOF_HINT,
  type Disclosed,
  type DisclosedPlatform,
  disclosureFor,
  PLATFORM_HEADINGS,
} from '../../packages/scanner/src/disclosure.js';
import { EVIDENCE_SOURCE_NAMES, type EvidenceSourceName } from '../../src/domain/evidence.js';
import { GAME_TYPES } from '../../src/domain/game-types.js';
import { disclosureByGame, onlyForNote } from '../../src/domain/scan-disclosure.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { plantedMachine, plantMinecraft } from './fixtures/machine.js';

/**
 * One disclosure (docs/scan-client.md, "What is collected"): the list, narrowed to the player's
 * platform and the plan of the PIN's game, is what the terminal asks consent for; the `/scan` pages
 * (test/http/scan-page.test.ts) and the docs print the same items; and no collector reads a source on
 * a system, for a game, whose list does not name it.
 */

/** The docs' bullets under `#### <heading>`, in order: each one's bold title and its whole text. */
function docsBullets(heading: string): { title: string; text: string }[] {
  const docs = readFileSync(new URL('../../docs/scan-client.md', import.meta.url), 'utf8');
  const start = docs.indexOf(`#### ${heading}\n`);
  expect(start, `docs/scan-client.md has no "#### ${heading}" heading`).toBeGreaterThan(-1);
  const rest = docs.slice(start + heading.length + 6);
  const end = rest.search(/\n#{2,4} /);
  const section = rest.slice(0, end === -1 ? undefined : end);
  return section
    .split(/\n(?=- \*\*)/)
    .filter((bullet) => bullet.startsWith('- **'))
    .map((text) => ({ title: /^- \*\*(.+?)\*\*/.exec(text)?.[1] ?? '', text: text.replace(/\s+/g, ' ') }));
}

const titles = (items: readonly Disclosed[]) => items.map((item) => item.title);
const PLATFORMS = ['linux', 'darwin', 'win32'] as const;

describe('the disclosure', () => {
  it('is listed in the docs item by item, under the /scan page’s headings, with the games an item is only for', () => {
    const byGame = disclosureByGame();
    for (const platform of Object.keys(PLATFORM_HEADINGS) as DisclosedPlatform[]) {
      const listed = byGame.filter(({ item }) => item.platform === platform);
      const bullets = docsBullets(PLATFORM_HEADINGS[platform]);
      expect(bullets.map((b) => b.title)).toEqual(listed.map(({ item }) => item.title));
      listed.forEach(({ item, onlyFor }, i) => {
        const note = onlyFor === null ? /_Only for [^_]*_/ : `_${onlyForNote(onlyFor)}_`;
        if (onlyFor === null) expect(bullets[i]?.text, item.title).not.toMatch(note);
        else expect(bullets[i]?.text, item.title).toContain(note);
      });
    }
  });

  it('for a Linux Minecraft scan is the Linux list of what the Java plan reads, and nothing of Windows', () => {
    const items = disclosureFor('linux', scanPlanFor('Java'));
    expect(titles(items)).toEqual(titles(COLLECTED.filter((item) => item.platform === 'any')));
    expect(titles(items)).toEqual(
      expect.arrayContaining(['Minecraft installations', 'Minecraft resource packs', 'The newest game log']),
    );
  });

  it('for a Windows FiveM scan names the Windows sources and none of Minecraft’s', () => {
    const plan = scanPlanFor('FiveM');
    const items = disclosureFor('win32', plan);
    expect(titles(items)).toEqual(
      titles(COLLECTED.filter((item) => item.source === 'hardware' || plan.sources.includes(item.source))),
    );
    expect(titles(items)).toEqual(expect.arrayContaining(['Windows Prefetch', 'Modules loaded in the game']));
    for (const javaOnly of ['files', 'logs', 'jvm'])
      expect(items.map((item) => item.source)).not.toContain(javaOnly);
  });

  it('names every source a collector reads on each system, for every game whose plan asks for it', () => {
    for (const platform of PLATFORMS)
      for (const game of GAME_TYPES) {
        const plan = scanPlanFor(game);
        const named = new Set(disclosureFor(platform, plan).map((item) => item.source));
        for (const source of plan.sources)
          if (readsOn(source, platform))
            expect(named.has(source), `${source} is read on ${platform} for ${game} but not disclosed`).toBe(
              true,
            );
        // And the list shows nothing the plan does not ask for.
        for (const source of named) expect(source === 'hardware' || plan.sources.includes(source)).toBe(true);
      }
    // Every source the evidence document can carry has a disclosure item.
    const disclosed = new Set(COLLECTED.map((item) => item.source));
    for (const source of EVIDENCE_SOURCE_NAMES) expect(disclosed.has(source), source).toBe(true);
  });

  it('holds the collectors to where they say they read: run on Linux and macOS, the others read nothing', async () => {
    const everything = { sources: [...EVIDENCE_SOURCE_NAMES], hints: ['cheat'] };
    for (const platform of ['linux', 'darwin'] as const) {
      const m = plantedMachine(platform);
      plantMinecraft(m.minecraft);
      // No process runs (nothing to hash), and no network adapter: the collectors still read these.
      const procRoot = join(m.root, 'proc');
      mkdirSync(procRoot);
      mkdirSync(join(m.root, 'sys/class/net'), { recursive: true });
      const sources = await collectEvidence(
        { platform, env: m.env, procRoot, sysRoot: join(m.root, 'sys') },
        'Java',
        everything,
        (p) => p,
        () => undefined,
      );
      const read = (Object.keys(sources) as EvidenceSourceName[]).filter(
        (name) => (sources[name] as { status: string }).status !== 'skipped',
      );
      // The planted Minecraft folder was read: the check saw a collector at work.
      expect(read).toContain('files');
      for (const name of read)
        expect(readsOn(name, platform), `${name} read something on ${platform}`).toBe(true);
      for (const name of EVIDENCE_SOURCE_NAMES)
        if (!readsOn(name, platform))
          expect((sources[name] as { status: string }).status, name).toBe('skipped');
    }
  });
});

describe('the consent prompt', () => {
  const context = { community: 'Blockhaven', server: 'scan.example.org', game: 'Java', discordProof: false };

  it('names the community, the game and the server, and the Discord proof only when the server offers it', () => {
    const text = consentText('linux', scanPlanFor('Java'), context);
    expect(text).toContain('Blockhaven asks you to scan this computer for a Java check.');
    expect(text).toContain('the scanpin server scan.example.org');
    expect(text).not.toContain('Discord proof');
    expect(text).not.toContain(DISCORD_PROOF_HINT);
    expect(text).not.toMatch(/sign(ing)? in with Discord/);
    expect(consentText('linux', scanPlanFor('Java'), { ...context, discordProof: true })).toContain(
      DISCORD_PROOF_HINT,
    );
  });

  it('cannot be rewritten by control characters in a community’s name', () => {
    const text = consentText('linux', scanPlanFor('Java'), {
      ...context,
      community: 'Evil\u001b[2K\u001b[1A\rTrusted\u202eenO',
    });
    // Its own line breaks aside, no control or format character is left.
    expect(text).not.toMatch(/\p{Cf}|[^\P{Cc}\n]/u);
    expect(text).toContain('Evil');
  });

  it('without a plan (a server that cannot say) lists everything the platform’s scanner reads', () => {
    const text = consentText('win32', null, { ...context, community: null, game: null });
    for (const item of COLLECTED) expect(text).toContain(`${item.title}: ${item.detail}`);
    expect(text).toContain(
      'A community on the scanpin server scan.example.org asks you to scan this computer.',
    );
  });
});
