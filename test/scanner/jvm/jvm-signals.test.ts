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
