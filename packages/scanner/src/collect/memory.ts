import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { MemoryEvidence } from '../evidence/document.js';
import { linuxJvmImage, shareJvmMemory, symbolLimits } from '../jvm/symbol-pass.js';
import { type ExtractLimits, StringExtractor } from '../memory/extract.js';
import type { ReadResult } from '../memory/linux.js';
import { type CollectContext, type Collector, SkipSource } from './context.js';
import { isGameProcess } from './processes.js';

/** Why memory could not be read, and what the player can do about it. */
export function unreadableReason(platform: NodeJS.Platform, error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ESRCH')
    return 'The game process ended while it was being read. Start the game and scan again.';
  if (code === 'EACCES' || code === 'EPERM') {
    return platform === 'win32'
      ? 'Permission denied. Run the scanner as administrator (right-click, "Run as administrator") and scan again.'
      : 'Permission denied. Run the scanner with sudo, or allow it with `sudo sysctl kernel.yama.ptrace_scope=0`, and scan again.';
  }
  return `The memory could not be read (${code ?? (error as Error).message ?? 'unknown error'}).`;
}

async function readMemory(ctx: CollectContext, pid: number, extractor: StringExtractor): Promise<ReadResult> {
  const { platform, procRoot } = ctx.machine;
  if (platform === 'linux')
    return (await import('../memory/linux.js')).readLinuxMemory(procRoot, pid, extractor);
  if (platform === 'win32') return (await import('../memory/windows.js')).readWindowsMemory(pid, extractor);
  throw Object.assign(new Error(`reading another process's memory is not supported on ${platform} yet`), {
    code: 'ENOTSUP',
  });
}

/**
 * When the Java check is asked for and the process is a HotSpot JVM on Linux, the same pass also
 * collects the JVM's Symbols and Klass name pointers for it, so the game's memory is read once
 * (docs/scan-client.md, "Classes injected into the Java game").
 */
async function javaSymbolLimits(ctx: CollectContext, pid: number): Promise<Partial<ExtractLimits>> {
  if (ctx.machine.platform !== 'linux' || !(ctx.plan.sources as readonly string[]).includes('jvm')) return {};
  const image = await linuxJvmImage(ctx.machine.procRoot, pid).catch(() => null);
  return image === null ? {} : symbolLimits(image);
}

/**
 * Class names and hinted strings in the memory of each game process the process source found
 * (docs/scan-client.md). A process whose memory cannot be read is reported as such, with the reason
 * and what to do, never left out in silence.
 */
export const collectMemory: Collector<'memory'> = async (ctx) => {
  const processes = ctx.earlier.processes?.items ?? [];
  const games = processes.filter((p) => isGameProcess(ctx.game, p.name));
  if (games.length === 0)
    throw new SkipSource(
      'No game process was running. Start the game, join as you normally play, and scan again.',
    );
  const items: MemoryEvidence[] = [];
  for (const p of games) {
    const base = { pid: p.pid, process: p.name };
    try {
      const extractor = new StringExtractor(ctx.plan.hints, {
        classNames: EVIDENCE_CAPS.classNames,
        strings: EVIDENCE_CAPS.memoryStrings,
        ...(await javaSymbolLimits(ctx, p.pid)),
      });
      const read = await readMemory(ctx, p.pid, extractor);
      if (extractor.symbols.size > 0 || extractor.klassNamePointers.size > 0)
        shareJvmMemory(ctx.earlier, p.pid, extractor, read.bytesScanned);
      items.push({
        ...base,
        readable: true,
        reason: null,
        bytesScanned: read.bytesScanned,
        regions: read.regions,
        classNames: extractor.classNames.chosen(),
        strings: [...extractor.strings],
        truncated: extractor.truncated,
        classNamesTotal: Math.min(extractor.classNames.found, EVIDENCE_CAPS.classNamesCounted),
        classNamesUnsentUnfamiliar: Math.min(
          extractor.classNames.unsentUnfamiliar,
          EVIDENCE_CAPS.classNamesCounted,
        ),
      });
    } catch (error) {
      items.push({
        ...base,
        readable: false,
        reason: unreadableReason(ctx.machine.platform, error).slice(0, EVIDENCE_CAPS.text),
        bytesScanned: 0,
        regions: 0,
        classNames: [],
        strings: [],
        truncated: false,
        classNamesTotal: 0,
        classNamesUnsentUnfamiliar: 0,
      });
    }
  }
  return { items };
};
