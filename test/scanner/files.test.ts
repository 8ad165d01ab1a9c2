import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectFiles } from '../../packages/scanner/src/collect/files.js';
import { collectLogs } from '../../packages/scanner/src/collect/logs.js';
import { contextFor } from './fixtures/context.js';
import {
  buildJar,
  HARMLESS_ENTRIES,
  plant,
  plantedMachine,
  plantMinecraft,
  WURST_ENTRIES,
} from './fixtures/machine.js';

function unzipAvailable(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.each(['linux', 'win32', 'darwin'] as const)(
  'Minecraft files and logs in a planted %s machine',
  (layout) => {
    const m = plantedMachine(layout);
    plantMinecraft(m.minecraft);
    // A launcher instance too (Prism keeps the game in <instance>/.minecraft).
    const launchers = {
      win32: m.env.APPDATA as string,
      darwin: join(m.home, 'Library/Application Support'),
      linux: m.env.XDG_DATA_HOME as string,
    };
    const prism = join(launchers[layout], 'PrismLauncher/instances/Fabric 1.20');
    plant(join(prism, '.minecraft/mods/sodium.jar'), buildJar(HARMLESS_ENTRIES));
    afterAll(() => rmSync(m.root, { recursive: true, force: true }));
    const ctx = contextFor({ env: m.env, platform: layout });

    it('lists every jar with its entries, and a zip under another name, with home shown as ~', async () => {
      const { installations, items } = await collectFiles(ctx);
      expect(installations).toEqual([
        {
          win32: '~/AppData/Roaming/.minecraft',
          darwin: '~/Library/Application Support/minecraft',
          linux: '~/.minecraft',
        }[layout],
        expect.stringMatching(/PrismLauncher\/instances\/Fabric 1\.20\/\.minecraft$/),
      ]);
      const byName = Object.fromEntries(items.map((i) => [i.path.split('/').at(-1), i]));
      expect(byName['performance-helper.jar']).toMatchObject({
        kind: 'jar',
        entries: WURST_ENTRIES,
        entriesTotal: 3,
      });
      expect(byName['notes.txt']).toMatchObject({ kind: 'zip' });
      expect(byName['notes.txt']?.entries).toContain('meteordevelopment/meteorclient/MeteorClient.class');
      expect(byName['readme.txt']).toBeUndefined();
      expect(byName['1.20.4.jar']?.path).toMatch(/^~\/.*versions\/1\.20\.4\/1\.20\.4\.jar$/);
      expect(byName['sodium.jar']).toBeDefined();
      for (const item of items) expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(items)).not.toContain('content of');
    });

    it.skipIf(layout !== 'linux')('agrees with unzip -l on the entries of each jar', async () => {
      if (!unzipAvailable()) {
        console.warn(
          'NOT CHECKED against an independent reader: Debian `unzip` is not installed (apt-get install unzip).',
        );
        return;
      }
      const { items } = await collectFiles(ctx);
      for (const item of items) {
        const path = join(m.home, item.path.slice(2));
        const listing = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
        expect(item.entries.sort()).toEqual(listing.sort());
      }
    });

    it('reports the newest log lines that hold a hint, and only those', async () => {
      const { items } = await collectLogs(ctx);
      const vanilla = items.find(
        (i) => !i.path.includes('Prism') && i.path.endsWith('minecraft/logs/latest.log'),
      );
      expect(vanilla?.lines).toEqual(['[12:00:05] [Render thread/INFO]: [KillAura] enabled']);
    });
  },
);

describe('a machine without Minecraft', () => {
  it('skips both sources, saying why', async () => {
    const m = plantedMachine('linux');
    const ctx = contextFor({ env: m.env });
    await expect(collectFiles(ctx)).rejects.toThrow(/No Minecraft installation/);
    await expect(collectLogs(ctx)).rejects.toThrow(/No Minecraft installation/);
    rmSync(m.root, { recursive: true, force: true });
  });
});

describe('a hinted log line with a token across its cut', () => {
  it('is redacted whole before it is cut, so no piece of the token is sent', async () => {
    const m = plantedMachine('linux');
    const token = 'Qx7Lm2Vb9Rt4Kp8Zw3Ny6Hc1Jd5Fg0Aa';
    const line = `[12:00:05] [KillAura] ${'x'.repeat(470)} ${token}`;
    plant(join(m.minecraft, 'logs/latest.log'), `${line}\n`);
    const { items } = await collectLogs(contextFor({ env: m.env }));
    const sent = items.flatMap((i) => i.lines).join('\n');
    expect(sent).toContain('[KillAura]');
    expect(sent).not.toContain(token.slice(0, 6));
    rmSync(m.root, { recursive: true, force: true });
  });
});
