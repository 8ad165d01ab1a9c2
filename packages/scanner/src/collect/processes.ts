import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { ProcessEvidence } from '../evidence/document.js';
import { gameProcessesOf, nameMatches } from '../games/game-processes.js';
import type { RunningProcess } from '../processes/list.js';
import { injectionArguments, joinArguments, redactArguments } from '../redact.js';
import { type Collector, SkipSource } from './context.js';
import { runningPrograms } from './running-programs.js';

export async function sha256OfFile(path: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}

export async function runningProcesses(
  platform: NodeJS.Platform,
  procRoot: string,
): Promise<RunningProcess[]> {
  if (platform === 'win32') return (await import('../processes/windows.js')).listWindowsProcesses();
  if (platform === 'linux') return (await import('../processes/linux.js')).listLinuxProcesses(procRoot);
  throw new SkipSource(`Reading processes is not supported on ${platform} yet.`);
}

/** Is this one of the game's own processes (whose memory is read), rather than a launcher? */
export function isGameProcess(game: string, name: string): boolean {
  return nameMatches(name, gameProcessesOf(game).game);
}

/**
 * The game's processes and its launchers (docs/scan-client.md): path, SHA-256 of the executable,
 * start time, the command line with its secrets redacted, and arguments that load code into the game.
 * Then every other running program, one per distinct executable, by name, path and SHA-256 only
 * (collect/running-programs.ts).
 */
export const collectProcesses: Collector<'processes'> = async (ctx) => {
  const { game, launchers } = gameProcessesOf(ctx.game);
  const wanted = [...game, ...launchers];
  const all = await runningProcesses(ctx.machine.platform, ctx.machine.procRoot);
  const items: ProcessEvidence[] = [];
  for (const p of all) {
    if (!nameMatches(p.name, wanted)) continue;
    if (items.length >= EVIDENCE_CAPS.processes) break;
    const args = redactArguments(p.args);
    items.push({
      pid: p.pid,
      name: p.name.slice(0, EVIDENCE_CAPS.name),
      path: p.exe === null ? null : ctx.display(p.exe).slice(0, EVIDENCE_CAPS.path),
      sha256: p.exe === null ? null : await sha256OfFile(p.exe),
      startedAt: p.startedAt === null ? null : new Date(p.startedAt).toISOString(),
      commandLine: joinArguments(args).slice(0, EVIDENCE_CAPS.commandLine),
      injections: injectionArguments(args)
        .slice(0, EVIDENCE_CAPS.injections)
        .map((a) => a.slice(0, EVIDENCE_CAPS.text)),
    });
  }
  const others = await runningPrograms(all, {
    platform: ctx.machine.platform,
    env: ctx.machine.env,
    display: ctx.display,
    listed: (p) => p.pid === process.pid || nameMatches(p.name, wanted),
  });
  return { items, others };
};
