import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJavaCommandLine } from '../../../packages/scanner/src/jvm/command-line.js';
import { knownClasses } from '../../../packages/scanner/src/jvm/known-classes.js';
import { compile, javaTools, makeJar } from './support/java-programs.js';

describe('a java command line', () => {
  it('gives the class path, main class, agents and the Minecraft arguments', () => {
    const launch = parseJavaCommandLine(
      [
        '/usr/bin/java',
        '-Xmx2G',
        '-javaagent:/opt/agent.jar=debug',
        '-agentlib:jdwp=transport=dt_socket',
        '-cp',
        'libs/a.jar:libs/*:classes',
        'net.minecraft.client.main.Main',
        '--username',
        'Steve',
        '--version',
        '1.20.4',
        '--gameDir',
        '/home/p/.minecraft',
        '-cp',
        'not/an/option/here.jar',
      ],
      ':',
    );
    expect(launch).toEqual({
      classPath: ['libs/a.jar', 'libs/*', 'classes'],
      modulePath: [],
      mainJar: null,
      mainClass: 'net.minecraft.client.main.Main',
      agents: [
        { kind: 'javaagent', target: '/opt/agent.jar' },
        { kind: 'agentlib', target: 'jdwp' },
      ],
      gameDir: '/home/p/.minecraft',
      version: '1.20.4',
      lunarClassPathDir: null,
      lunarJars: [],
    });
  });

  it('reads Lunar Client’s own class path', () => {
    const launch = parseJavaCommandLine(
      [
        'java',
        '-cp',
        'genesis.jar',
        'com.moonsworth.lunar.genesis.Genesis',
        '--gameDir',
        '/home/p/.minecraft',
        '--workingDirectory',
        '.',
        '--classpathDir',
        '/home/p/.lunarclient/offline/multiver',
        '--ichorClassPath',
        'lunar-lang.jar,lunar.jar;common-0.1.0-SNAPSHOT-all.jar',
        '--ichorExternalFiles',
        'OptiFine_v1_8.jar',
      ],
      ':',
    );
    expect(launch.lunarClassPathDir).toBe('/home/p/.lunarclient/offline/multiver');
    expect(launch.lunarJars).toEqual([
      'lunar-lang.jar',
      'lunar.jar',
      'common-0.1.0-SNAPSHOT-all.jar',
      'OptiFine_v1_8.jar',
    ]);
  });

  it('reads -jar, --class-path=, the module path and Windows separators', () => {
    expect(parseJavaCommandLine(['java', '-jar', 'game.jar', '--gameDir', 'g'], ':')).toMatchObject({
      mainJar: 'game.jar',
      mainClass: null,
      gameDir: 'g',
    });
    expect(
      parseJavaCommandLine(['java.exe', '--class-path=C:\\a.jar;C:\\b', '-p', 'C:\\mods', 'M'], ';'),
    ).toMatchObject({ classPath: ['C:\\a.jar', 'C:\\b'], modulePath: ['C:\\mods'], mainClass: 'M' });
  });
});

const tools = javaTools();
if (!tools.ok) console.warn(`NOT TESTED: the class-path resolver on real jars needs ${tools.missing}`);

describe.skipIf(!tools.ok)('the classes a Java process may load, from its files', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'scanpin-known-'));
    compile({ 'a/One.java': 'package a; public class One {}' }, join(root, 'one'));
    compile({ 'b/Two.java': 'package b; public class Two {}' }, join(root, 'two'));
    compile(
      { 'c/Three.java': 'package c; public class Three { static class Inner {} }' },
      join(root, 'three'),
    );
    compile({ 'd/Nested.java': 'package d; public class Nested {}' }, join(root, 'nested'));
    makeJar(join(root, 'two'), join(root, 'lib', 'two.jar'));
    makeJar(join(root, 'three'), join(root, 'wild', 'three.jar'));
    mkdirSync(join(root, 'one', 'META-INF', 'jars'), { recursive: true });
    makeJar(join(root, 'nested'), join(root, 'one', 'META-INF', 'jars', 'nested.jar'));
    makeJar(join(root, 'one'), join(root, 'main.jar'), ['Main-Class: a.One', 'Class-Path: lib/two.jar']);
    symlinkSync(join(root, 'gone.jar'), join(root, 'wild', 'dangling.jar'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('follows -jar, its manifest Class-Path, wildcards and nested jars, and says what it could not read', async () => {
    const launch = parseJavaCommandLine(['java', '-cp', 'wild/*', '-jar', 'main.jar'], ':');
    const known = await knownClasses({ launch, exe: process.execPath, cwd: root, platform: 'linux' });
    expect([...known.classes].sort()).toEqual(['a/One', 'b/Two', 'c/Three', 'c/Three$Inner', 'd/Nested']);
    expect(known.unreadable).toEqual([{ path: join(root, 'wild', 'dangling.jar'), reason: 'not found' }]);
  });

  it('adds the runtime’s own classes from the java executable’s lib/modules', async () => {
    const launch = parseJavaCommandLine(['java', '-cp', 'lib/two.jar', 'b.Two'], ':');
    const known = await knownClasses({
      launch,
      exe: '/usr/lib/jvm/java-17-openjdk-amd64/bin/java',
      cwd: root,
      platform: 'linux',
    });
    expect(known.classes.has('java/lang/String')).toBe(true);
    expect(known.classes.has('b/Two')).toBe(true);
  });
});
