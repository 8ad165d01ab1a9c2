import type { JvmProcessEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import { jvmSignals } from '../../../src/domain/signals/jvm-signals.js';
import { evidence } from '../../support/evidence.js';
import { jvmItem } from './support/jvm-item.js';

const signalsOf = (item: JvmProcessEvidence) =>
  [
    ...jvmSignals(evidence('n'.repeat(16), { jvm: { status: 'collected', reason: null, items: [item] } })),
  ].map((s) => [s.code, s.where]);

describe('the Java game signals', () => {
  it('raise nothing for a clean JVM, lone unknown classes, or hsperfdata alone', () => {
    expect(signalsOf(jvmItem({ unknownSingles: ['org/lone/Thing'], perfData: true }))).toEqual([]);
    expect([...jvmSignals(evidence('n'.repeat(16)))]).toEqual([]);
  });

  it('raise a package of classes loaded from no file', () => {
    const classes = ['me/ghost/AutoClicker', 'me/ghost/Client', 'me/ghost/KillAura', 'me/ghost/Reach'];
    expect(signalsOf(jvmItem({ unknownPackages: [{ name: 'me/ghost', count: 4, classes }] }))).toEqual([
      [
        'jvm-unknown-classes',
        'memory of java (pid 4242): 4 classes of package me/ghost loaded from no game, mod or Java file (me/ghost/AutoClicker, me/ghost/Client, me/ghost/KillAura, and 1 more)',
      ],
    ]);
  });

  it('raise the package only as a partial check when a class-path file could not be read', () => {
    const pkg = { name: 'me/ghost', count: 2, classes: ['me/ghost/A', 'me/ghost/B'] };
    const unreadableFiles = [
      { path: '~/.minecraft/mods/odd.jar', reason: 'the archive is damaged or not a zip' },
    ];
    expect(signalsOf(jvmItem({ unknownPackages: [pkg], unreadableFiles }))).toEqual([
      [
        'jvm-unknown-classes-incomplete',
        "memory of java (pid 4242): 2 classes of package me/ghost loaded from no file the scan could read (me/ghost/A, me/ghost/B); the check was partial (files it may load classes from could not be read: ~/.minecraft/mods/odd.jar (the archive is damaged or not a zip)), so they may be a game or mod file's rather than injected",
      ],
    ]);
    // Off: the same package with every file read is the suspicious finding.
    expect(signalsOf(jvmItem({ unknownPackages: [pkg] })).map(([code]) => code)).toEqual([
      'jvm-unknown-classes',
    ]);
    // An unread file with no unknown package raises nothing.
    expect(signalsOf(jvmItem({ unreadableFiles }))).toEqual([]);
  });

  it('raise the package only as a partial check when a cap was reached', () => {
    const pkg = { name: 'me/ghost', count: 2, classes: ['me/ghost/A', 'me/ghost/B'] };
    const many = Array.from({ length: 5 }, (_, i) => ({
      path: `~/m${i}.jar`,
      reason: 'could not be read (EACCES)',
    }));
    const [[code, where] = []] = signalsOf(
      jvmItem({ unknownPackages: [pkg], truncated: true, unreadableFiles: many }),
    );
    expect(code).toBe('jvm-unknown-classes-incomplete');
    expect(where).toContain('~/m2.jar (could not be read (EACCES)), and 2 more; a cap was reached');
    expect(signalsOf(jvmItem({ unknownPackages: [pkg], truncated: true })).map(([c]) => c)).toEqual([
      'jvm-unknown-classes-incomplete',
    ]);
    expect(signalsOf(jvmItem({ truncated: true }))).toEqual([]);
  });

  it('keep the package a finding when only the class names in memory were capped, and a lead when the files were', () => {
    const pkg = { name: 'me/ghost', count: 2, classes: ['me/ghost/A', 'me/ghost/B'] };
    const symbolsCut = { truncated: true, knownClassesTruncated: false, classSymbolsTruncated: true };
    expect(signalsOf(jvmItem({ unknownPackages: [pkg], ...symbolsCut })).map(([c]) => c)).toEqual([
      'jvm-unknown-classes',
    ]);
    const filesCut = { truncated: true, knownClassesTruncated: true, classSymbolsTruncated: false };
    const [[code, where] = []] = signalsOf(jvmItem({ unknownPackages: [pkg], ...filesCut }));
    expect(code).toBe('jvm-unknown-classes-incomplete');
    expect(where).toContain('a cap was reached: more jars or class files than a scan reads');
  });

  it('raise agents (the debugger apart) and an attach', () => {
    const item = jvmItem({
      agents: [
        { kind: 'javaagent', target: '~/agent.jar', from: 'command line' },
        { kind: 'agentlib', target: 'jdwp', from: 'JAVA_TOOL_OPTIONS' },
      ],
      attachListener: true,
      attachRequestFiles: ['~/.minecraft/.attach_pid4242'],
    });
    expect(signalsOf(item)).toEqual([
      ['jvm-agent', 'java (pid 4242) started with -javaagent:~/agent.jar (command line)'],
      ['jvm-debug-agent', 'java (pid 4242) started with -agentlib:jdwp (JAVA_TOOL_OPTIONS)'],
      [
        'jvm-attached',
        'java (pid 4242): its attach listener is running; ~/.minecraft/.attach_pid4242 was left',
      ],
    ]);
  });
});
