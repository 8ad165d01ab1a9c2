import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, makeJar } from './java-programs.js';
import { CLIENT_SOURCES, GAME_SOURCES, MOD_SOURCES } from './java-sources.js';

/**
 * A Minecraft-like game folder built from the test's sources: the version jar
 * `versions/1.0-vanillalike/1.0-vanillalike.jar`, its API in `libraries/`, and two mods in `mods/`
 * (one with a nested jar in `META-INF/jars/`, registered through `META-INF/services` as Fabric's
 * entry points are). `args` is the command line a launcher would run.
 */
export interface GameLayout {
  gameDir: string;
  versionJar: string;
  apiJar: string;
  args: string[];
}

export const VERSION = '1.0-vanillalike';

export function buildGame(root: string): GameLayout {
  const gameDir = join(root, '.minecraft');
  const classes = join(root, 'build', 'game');
  compile(GAME_SOURCES, classes);
  const apiClasses = join(root, 'build', 'api');
  compile(
    {
      'net/vanillalike/api/ModInitializer.java': GAME_SOURCES[
        'net/vanillalike/api/ModInitializer.java'
      ] as string,
    },
    apiClasses,
  );
  rmSync(join(classes, 'net', 'vanillalike', 'api'), { recursive: true });
  const apiJar = join(gameDir, 'libraries', 'net', 'vanillalike', 'api', '1.0', 'api-1.0.jar');
  makeJar(apiClasses, apiJar);
  const versionJar = join(gameDir, 'versions', VERSION, `${VERSION}.jar`);
  makeJar(classes, versionJar);

  const nested = join(root, 'build', 'nested');
  compile(MOD_SOURCES.nested as Record<string, string>, nested);
  const nestedJar = join(root, 'build', 'nestedlib-1.0.jar');
  makeJar(nested, nestedJar);
  for (const mod of ['alpha', 'beta']) {
    const out = join(root, 'build', mod);
    compile(MOD_SOURCES[mod] as Record<string, string>, out, [apiJar, nested]);
    const entry = mod === 'alpha' ? 'com.alphamod.AlphaMod' : 'io.betamod.BetaMod';
    mkdirSync(join(out, 'META-INF', 'services'), { recursive: true });
    writeFileSync(join(out, 'META-INF', 'services', 'net.vanillalike.api.ModInitializer'), `${entry}\n`);
    if (mod === 'alpha') {
      mkdirSync(join(out, 'META-INF', 'jars'), { recursive: true });
      makeJar(nested, join(out, 'META-INF', 'jars', 'nestedlib-1.0.jar'));
    }
    makeJar(out, join(gameDir, 'mods', `${mod}-1.0.jar`));
  }
  return {
    gameDir,
    versionJar,
    apiJar,
    args: [
      '-Xmx256m',
      '-cp',
      `${apiJar}:${versionJar}`,
      'net.vanillalike.Game',
      '--gameDir',
      gameDir,
      '--version',
      VERSION,
    ],
  };
}

/** The injected client compiled into a folder the test deletes once the classes are in memory. */
export function buildClient(root: string): string {
  const out = join(root, 'client-build');
  compile(CLIENT_SOURCES, out);
  return out;
}
