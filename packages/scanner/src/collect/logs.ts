import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { readBounded } from '../bounded-read.js';
import type { LogEvidence } from '../evidence/document.js';
import { minecraftInstallations } from '../minecraft/installations.js';
import { redactText } from '../redact.js';
import { type Collector, SkipSource } from './context.js';

/**
 * Of a larger log only its last this many bytes are read: the newest lines are the ones that matter,
 * and a log of gigabytes (a crash loop, or a planted sparse file) costs no more than this.
 */
export const MAX_LOG_BYTES = 32 * 1024 * 1024;

/**
 * The newest game log of each installation (`logs/latest.log`): only its lines that contain one of
 * the plan's hints, case-insensitive (docs/scan-client.md). The game writes the log itself, so a link
 * there, a FIFO or a device is not read (bounded-read.ts).
 */
export const collectLogs: Collector<'logs'> = async (ctx) => {
  const installations = await minecraftInstallations(ctx.machine);
  if (installations.length === 0)
    throw new SkipSource('No Minecraft installation was found on this machine.');
  const hints = ctx.plan.hints.map((h) => h.toLowerCase()).filter(Boolean);
  const items: LogEvidence[] = [];
  for (const dir of installations.slice(0, EVIDENCE_CAPS.logs)) {
    const path = join(dir, 'logs', 'latest.log');
    const read = await readBounded(path, { maxBytes: MAX_LOG_BYTES, from: 'end' });
    if (read === null) continue;
    const text = read.data.toString('utf8');
    const lines: string[] = [];
    for (const line of text.split(/\r?\n/)) {
      const lower = line.toLowerCase();
      if (!hints.some((h) => lower.includes(h))) continue;
      // Redacted whole, then cut: a token cut short first could slip past the token shapes.
      lines.push(redactText(line).slice(0, EVIDENCE_CAPS.text));
      if (lines.length >= EVIDENCE_CAPS.logLines) break;
    }
    items.push({ path: ctx.display(path), lines });
  }
  return { items };
};
