import { describe, expect, it } from 'vitest';
import type { EvidenceDocument, MemoryEvidence } from '../../src/domain/evidence.js';
import { evidenceReasons } from '../../src/domain/evidence-assurance.js';
import { jvmItem } from '../scanner/jvm/support/jvm-item.js';
import { evidence, jar } from '../support/evidence.js';

const MiB = 1024 * 1024;
const memory = (over: Partial<MemoryEvidence> = {}): MemoryEvidence => ({
  pid: 42,
  process: 'java',
  readable: true,
  reason: null,
  bytesScanned: 512 * MiB,
  regions: 300,
  classNames: Array.from({ length: 5000 }, (_, i) => `net/minecraft/c${i}`),
  strings: [],
  truncated: false,
  ...over,
});
const running = { expected: ['java', 'javaw'], running: true, waitedSeconds: 0 };
const codes = (doc: EvidenceDocument, game = 'Java') => evidenceReasons(doc, game, []).map((r) => r.code);

/** What an evidence document admits about its own worth (docs/scan-client.md, "Trust"). */
describe('evidence reasons', () => {
  const whole = () =>
    evidence('n', { processes: { game: running }, memory: { status: 'collected', items: [memory()] } });

  it('gives none for a whole scan of a running game', () => {
    expect(evidenceReasons(whole(), 'Java', [])).toEqual([]);
  });

  it('says the game was not running, from the client’s word or from no game memory at all', () => {
    const told = evidence('n', {
      processes: { game: { ...running, running: false, waitedSeconds: 180 } },
      memory: { status: 'collected', items: [] },
    });
    const [reason] = evidenceReasons(told, 'Java', []);
    expect(reason).toMatchObject({ code: 'game_not_running', level: 'medium' });
    expect(reason?.text).toContain('after waiting 180 s');
    // An older client, or a forger who leaves the field out: no game process memory was read.
    const silent = evidence('n', { processes: { items: [] }, memory: { status: 'collected', items: [] } });
    delete silent.sources.processes.game;
    expect(codes(silent)).toEqual(['game_not_running']);
  });

  it('says the memory could not be read, and when a harvest is too small for what was read', () => {
    const unreadable = evidence('n', {
      processes: { game: running },
      memory: { status: 'collected', items: [memory({ readable: false, reason: 'needs root' })] },
    });
    expect(evidenceReasons(unreadable, 'Java', [])[0]?.text).toContain('(needs root)');
    const few = evidence('n', {
      processes: { game: running },
      memory: { status: 'collected', items: [memory({ classNames: ['net/wurstclient/X'] })] },
    });
    expect(codes(few)).toEqual(['harvest_small']);
    // A few class names of a small read are no contradiction; a tiny read of a game is.
    const smallRead = memory({ bytesScanned: 64 * MiB, classNames: ['a/b/C'] });
    expect(
      codes(
        evidence('n', { processes: { game: running }, memory: { status: 'collected', items: [smallRead] } }),
      ),
    ).toEqual([]);
    const tiny = memory({ bytesScanned: MiB });
    expect(
      codes(evidence('n', { processes: { game: running }, memory: { status: 'collected', items: [tiny] } })),
    ).toEqual(['harvest_small']);
  });

  it('asks a Java process for a sign of Minecraft: its classes, or Minecraft on its command line', () => {
    const ide = () =>
      evidence('n', {
        processes: {
          game: running,
          items: [
            {
              pid: 42,
              name: 'java',
              path: null,
              sha256: null,
              startedAt: null,
              commandLine: 'java -jar idea.jar',
              injections: [],
            },
          ],
        },
        memory: {
          status: 'collected',
          items: [memory({ classNames: Array.from({ length: 5000 }, (_, i) => `com/intellij/C${i}`) })],
        },
      });
    expect(codes(ide())).toEqual(['game_not_identified']);
    const launched = ide();
    launched.sources.processes.items[0] = {
      ...(launched.sources.processes.items[0] as EvidenceDocument['sources']['processes']['items'][number]),
      commandLine: 'java -Xmx4G net.minecraft.client.main.Main --gameDir ~/.minecraft',
    };
    expect(codes(launched)).toEqual([]);
    expect(codes(whole())).toEqual([]);
    // Only Minecraft: Java Edition runs in any JVM.
    const bedrock = ide();
    bedrock.client.platform = 'win32';
    expect(codes(bedrock, 'Bedrock')).not.toContain('game_not_identified');
  });

  it('says a source failed or a core source was left out', () => {
    const failed = whole();
    failed.sources.logs = { status: 'failed', reason: 'EACCES', items: [] };
    expect(codes(failed)).toEqual(['source_failed']);
    expect(evidenceReasons(failed, 'Java', [])[0]?.text).toBe(
      'A source could not be read (the game’s logs): EACCES.',
    );
    const skipped = whole();
    skipped.sources.files = { status: 'skipped', reason: 'not asked', installations: [], items: [] };
    expect(codes(skipped)).toEqual(['source_skipped']);
    // Files are a core source of Minecraft: Java Edition only.
    expect(codes(skipped, 'Bedrock')).not.toContain('source_skipped');
  });

  it('says a Windows scan came without its Windows sources, and a Windows-only game was scanned elsewhere', () => {
    const windows = whole();
    windows.client.platform = 'win32';
    expect(codes(windows, 'Java')).toEqual(['windows_sources_missing']);
    expect(codes(whole(), 'FiveM')).toEqual(['platform_implausible']);
  });

  it('names every Windows source in words, never by its name in the document', () => {
    const windows = whole();
    windows.client.platform = 'win32';
    const failed = { status: 'failed' as const, reason: 'damaged' };
    const sources = windows.sources as unknown as Record<string, unknown>;
    for (const name of ['usnJournal', 'services', 'shimcache', 'amcache', 'eventLogs', 'jvm', 'modules']) {
      sources[name] = { ...failed };
    }
    const texts = evidenceReasons(windows, 'Java', [])
      .filter((r) => r.code === 'source_failed')
      .map((r) => r.text)
      .sort();
    expect(texts).toEqual([
      'A source could not be read (Amcache, the program files Windows recorded): damaged.',
      'A source could not be read (the Java classes, agents and attach traces of the game): damaged.',
      'A source could not be read (the ShimCache, the programs Windows met): damaged.',
      'A source could not be read (the USN journal, which records files deleted or renamed): damaged.',
      'A source could not be read (the Windows event logs): damaged.',
      'A source could not be read (the Windows services): damaged.',
      'A source could not be read (the modules loaded in the game): damaged.',
    ]);
  });

  it('turns each cut the document admits into a reason', () => {
    const cut = whole();
    cut.sources.files.items = [{ ...jar('~/.minecraft/mods/a.jar', ['x']), entriesTotal: 30_000 }];
    expect(codes(cut)).toEqual(['coverage_cut']);
  });

  it('says the Java class check was partial when a class-path file could not be read', () => {
    const partial = whole();
    const item = jvmItem({ unreadableFiles: [{ path: '~/.minecraft/mods/odd.jar', reason: 'damaged' }] });
    partial.sources.jvm = { status: 'collected', reason: null, items: [item] };
    expect(evidenceReasons(partial, 'Java', [])).toMatchObject([
      {
        code: 'coverage_cut',
        level: 'medium',
        text: expect.stringContaining('Java class check was partial'),
      },
    ]);
    partial.sources.jvm = { status: 'collected', reason: null, items: [jvmItem()] };
    expect(codes(partial)).toEqual([]);
  });
});
