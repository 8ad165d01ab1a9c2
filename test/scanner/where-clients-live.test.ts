import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { type AcceptanceServer, scanPlantedHome, startAcceptanceServer } from './fixtures/acceptance.js';
import { buildJar, HARMLESS_ENTRIES, plant, WURST_ENTRIES } from './fixtures/machine.js';

/**
 * Where clients really live (docs/scan-client.md, "Where the files are read"): a client installed as
 * a library of a version, a plugin in its loader's own folder, a client bundled inside another mod
 * (Fabric jar-in-jar, Forge jarjar), and a fat jar whose cheat classes come after the entries cap.
 * Each is scanned by the scanner's own command (`main`, in this process) against a real server, which
 * judges it with its rules; Debian's `unzip` reads the planted jars as an independent check.
 */

/** A jar holding other jars at the given entry paths, as Fabric and Forge bundle them. */
function jarWith(entries: string[], nested: Record<string, Uint8Array>): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const e of entries) files[e] = new TextEncoder().encode(`content of ${e}`);
  // Stored, as Loom writes bundled jars (they are compressed already).
  for (const [path, data] of Object.entries(nested)) files[path] = data;
  return Buffer.from(zipSync(files, { level: 0 }));
}

/** Entry names as Debian's unzip lists them. */
function unzipNames(path: string): string[] {
  return execFileSync('unzip', ['-Z1', path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter(Boolean);
}

/** The integrity entries of cuts (the planted machine's others: no game running, no network adapters). */
const coverageCuts = (data: Record<string, string[]>) =>
  (data.integrity ?? []).filter((text) => text.startsWith('The scan could not send everything'));

const RUSHERHACK_PLUGIN_ENTRIES = ['rusherhack-plugin.json', 'org/example/ExamplePlugin.class'];
/** 20,000 classes of a fat jar's libraries, listed before the cheat's. */
const FAT_PADDING = Array.from(
  { length: EVIDENCE_CAPS.entries },
  (_, i) => `shadow/lib${Math.floor(i / 100)}/Class${i}.class`,
);

describe('a scan finds clients where they really live', () => {
  let server: AcceptanceServer;
  const roots: string[] = [];

  beforeAll(async () => {
    server = await startAcceptanceServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  /** A planted Linux home, scanned with `--yes --wait-seconds 0`: the PIN's results. */
  const scanned = (plantFiles: (minecraft: string, home: string) => void) =>
    scanPlantedHome(server, roots, plantFiles);

  /** The evidence document the server kept for a PIN. */
  async function keptDocument(pin: string) {
    const row = await server.t.deps.repos.pins.findByCode(pin);
    if (row === undefined) throw new Error('no PIN');
    return JSON.parse((await server.t.deps.repos.evidence.documentOf(row.id)) ?? '{}') as EvidenceDocument;
  }

  it('a client installed as a library of a version, under a harmless Maven path', async () => {
    const { result, data } = await scanned((minecraft) => {
      const jar = plant(
        join(minecraft, 'libraries/com/example/render-optimizer/1.0/render-optimizer-1.0.jar'),
        buildJar(WURST_ENTRIES),
      );
      expect(unzipNames(jar)).toEqual(WURST_ENTRIES);
      plant(join(minecraft, 'libraries/com/example/util/2.0/util-2.0.jar'), buildJar(HARMLESS_ENTRIES));
    });
    expect(result).toBe('cheating');
    expect(data.detections).toEqual([
      'Wurst in ~/.minecraft/libraries/com/example/render-optimizer/1.0/render-optimizer-1.0.jar',
    ]);
    // Library jars are listed by folder, complete to the built-in rules, which each name a whole
    // folder: no cut is reported.
    expect(coverageCuts(data)).toEqual([]);
  });

  it('a client in a Prism instance’s jar mods and in the launcher’s shared libraries', async () => {
    const { data } = await scanned((_minecraft, home) => {
      const prism = join(home, '.local/share/PrismLauncher');
      mkdirSync(join(prism, 'instances/Survival/.minecraft/mods'), { recursive: true });
      plant(join(prism, 'instances/Survival/jarmods/optifine.jar'), buildJar(WURST_ENTRIES));
      plant(join(prism, 'libraries/org/example/shared/1.0/shared-1.0.jar'), buildJar(WURST_ENTRIES));
    });
    expect(data.detections).toEqual(
      expect.arrayContaining([
        'Wurst in ~/.local/share/PrismLauncher/instances/Survival/jarmods/optifine.jar',
        'Wurst in ~/.local/share/PrismLauncher/libraries/org/example/shared/1.0/shared-1.0.jar',
      ]),
    );
  });

  it('a plugin in its loader’s own plugins folder; a library then is a cut to a rule on a whole name', async () => {
    // The plugin's manifest file, which RusherHack's plugin loader reads (RusherDevelopment/example-plugin,
    // src/main/resources/rusherhack-plugin.json): a rule only this server has, for this test.
    const rule = await server.t.admin<{ id: number }>('POST', '/admin/v1/rules', {
      name: 'RusherHack plugin',
      kind: 'jar-entry',
      pattern: 'rusherhack-plugin.json',
      match: 'exact',
      severity: 'detection',
      games: ['Java'],
    });
    try {
      const { result, data } = await scanned((minecraft) => {
        plant(join(minecraft, 'rusherhack/plugins/hud-tweaks.jar'), buildJar(RUSHERHACK_PLUGIN_ENTRIES));
        plant(join(minecraft, 'libraries/com/example/util/2.0/util-2.0.jar'), buildJar(HARMLESS_ENTRIES));
      });
      expect(result).toBe('cheating');
      expect(data.detections).toEqual([
        'RusherHack plugin in ~/.minecraft/rusherhack/plugins/hud-tweaks.jar',
      ]);
      // The library was listed by folder, and its manifest at the root only counted: an exact name
      // would be missed there, so the cut is reported (docs/scan-client.md, "What a capped scan means").
      expect(coverageCuts(data)).toEqual([
        "The scan could not send everything: 1 archive was listed in part, the rest of its entries by folder only (~/.minecraft/libraries/com/example/util/2.0/util-2.0.jar: 0 of 2 entries listed, 1 at its root only counted), and a jar-entry rule of this game matches an entry's whole name or part of it, which a folder does not show; a class may be hidden among those left out.",
      ]);
    } finally {
      await server.t.admin('PATCH', `/admin/v1/rules/${rule.id}`, { enabled: false });
    }
  });

  it('a client nested in another mod: Fabric jar-in-jar, and Forge jarjar two levels down', async () => {
    const { result, data } = await scanned((minecraft) => {
      const fabric = plant(
        join(minecraft, 'mods/sodium-extra.jar'),
        jarWith(['fabric.mod.json', 'me/flashyreese/sodiumextra/SodiumExtra.class'], {
          'META-INF/jars/reeses-sodium-options.jar': buildJar(WURST_ENTRIES),
        }),
      );
      expect(unzipNames(fabric)).toContain('META-INF/jars/reeses-sodium-options.jar');
      const inner = jarWith(['META-INF/mods.toml'], { 'META-INF/jars/core.jar': buildJar(WURST_ENTRIES) });
      plant(
        join(minecraft, 'mods/library-pack.jar'),
        jarWith(['META-INF/mods.toml'], { 'META-INF/jarjar/helper.jar': inner }),
      );
    });
    expect(result).toBe('cheating');
    expect(data.detections).toEqual([
      'Wurst in ~/.minecraft/mods/library-pack.jar!/META-INF/jarjar/helper.jar!/META-INF/jars/core.jar',
      'Wurst in ~/.minecraft/mods/sodium-extra.jar!/META-INF/jars/reeses-sodium-options.jar',
    ]);
  });

  it('a fat jar with the cheat’s classes after entry 20,000, and no cut reported', async () => {
    const { result, data, pin } = await scanned((minecraft) => {
      const jar = plant(join(minecraft, 'mods/all-in-one.jar'), buildJar([...FAT_PADDING, ...WURST_ENTRIES]));
      const names = unzipNames(jar);
      expect(names.length).toBe(EVIDENCE_CAPS.entries + WURST_ENTRIES.length);
      expect(names.indexOf('net/wurstclient/WurstClient.class')).toBe(EVIDENCE_CAPS.entries);
    });
    expect(result).toBe('cheating');
    expect(data.detections).toEqual(['Wurst in ~/.minecraft/mods/all-in-one.jar']);
    // Every left-out entry's folder was sent, and the one at the root (fabric.mod.json) counted: the
    // listing is complete for rules naming a whole folder, as every built-in one does.
    expect(coverageCuts(data)).toEqual([]);
    const [fat] = (await keptDocument(pin)).sources.files.items;
    expect(fat).toMatchObject({
      entriesTotal: EVIDENCE_CAPS.entries + WURST_ENTRIES.length,
      entryFolders: ['net/wurstclient/', 'net/wurstclient/hacks/'],
      entryFoldersTotal: 2,
      rootEntriesLeftOut: 1,
    });
  });

  it('a legitimate library nested in a mod, and a legitimate library, raise nothing', async () => {
    const { result, data } = await scanned((minecraft) => {
      plant(
        join(minecraft, 'mods/fabric-api.jar'),
        jarWith(['fabric.mod.json'], {
          'META-INF/jars/fabric-api-base.jar': buildJar([
            'net/fabricmc/fabric/api/base/event/Event.class',
            'fabric.mod.json',
          ]),
        }),
      );
      plant(
        join(minecraft, 'libraries/org/ow2/asm/asm/9.6/asm-9.6.jar'),
        buildJar(['org/objectweb/asm/ClassReader.class']),
      );
    });
    expect(result).not.toBe('cheating');
    for (const grade of ['detections', 'suspicious', 'warnings'])
      expect(JSON.stringify(data[grade] ?? [])).not.toMatch(/fabric-api|asm-9\.6/);
  });
});
