import { Command, InvalidArgumentError, Option } from 'commander';
import { plural } from '../domain/plural.js';
import { QUALITY_BUCKETS, QUALITY_WINDOW_DAYS, QUALITY_WINDOW_MAX_DAYS } from '../domain/rule-quality.js';
import { type Connection, call } from './admin-client.js';
import type { CliIo } from './index.js';

/** A rule's quality as the rules list carries it (docs/rules.md, "Rule quality"). */
export interface QualitySummary {
  days?: number;
  hits: number;
  falsePositives: number;
  falsePositiveShare: number;
  flagged: boolean;
}

/** GET /admin/v1/rules/{id}/quality. */
interface RuleQualityAnswer {
  ruleId: number;
  name: string;
  enabled: boolean;
  days: number;
  bucket: 'day' | 'week';
  since: string;
  until: string;
  window: QualitySummary;
  allTime: QualitySummary;
  series: Array<{ start: string; hits: number; falsePositives: number }>;
  marks: Array<{
    pin: string;
    enterpriseId: number;
    hitAt: string;
    markedAt: string;
    markedBy: { accountId: number; name: string | null };
    note: string | null;
  }>;
}

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

/** "12 hits, 3 false positives (25 %)", and FLAGGED when the share crossed the threshold. */
export function qualityText(q: QualitySummary): string {
  const counts = `${plural(q.hits, 'hit')}, ${plural(q.falsePositives, 'false positive')}`;
  const share = q.hits > 0 ? ` (${percent(q.falsePositiveShare)})` : '';
  return `${counts}${share}${q.flagged ? '  FLAGGED' : ''}`;
}

function days(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > QUALITY_WINDOW_MAX_DAYS)
    throw new InvalidArgumentError(`must be a whole number of days from 1 to ${QUALITY_WINDOW_MAX_DAYS}`);
  return n;
}

function ruleId(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a rule id (a positive whole number)');
  return n;
}

/** `scanpin rules quality <id>`: a rule's hits and false positives per day or week, and its newest marks. */
export function ruleQualityCommand(io: CliIo, conn: (cmd: Command) => Connection): Command {
  return new Command('quality')
    .argument('<id>', 'the rule', ruleId)
    .description("a rule's hits and the false positives staff marked, per day or week, with the newest marks")
    .option('--days <n>', `the window, in days up to today (default ${QUALITY_WINDOW_DAYS})`, days)
    .addOption(
      new Option('--bucket <bucket>', 'per day or per week').choices([...QUALITY_BUCKETS]).default('day'),
    )
    .option('--json', 'print the API answer as JSON')
    .action(async (id: number, opts: { days?: number; bucket: string; json?: boolean }, cmd: Command) => {
      const query = new URLSearchParams({ bucket: opts.bucket });
      if (opts.days !== undefined) query.set('days', String(opts.days));
      const q = await call<RuleQualityAnswer>(conn(cmd), 'GET', `/admin/v1/rules/${id}/quality?${query}`);
      if (opts.json) {
        io.out(JSON.stringify(q, null, 2));
        return;
      }
      io.out(`#${q.ruleId}  ${q.name}${q.enabled ? '' : '  (disabled)'}`);
      io.out(`Last ${q.days} days: ${qualityText(q.window)}`);
      io.out(`All kept scans: ${qualityText(q.allTime)}`);
      io.out(`Per ${q.bucket} (hits / false positives):`);
      for (const p of q.series) io.out(`  ${p.start.slice(0, 10)}  ${p.hits} / ${p.falsePositives}`);
      if (q.marks.length === 0) io.out('No finding of this rule is marked a false positive.');
      else {
        io.out('Newest false-positive marks:');
        for (const m of q.marks) {
          const by = m.markedBy.name ?? `account ${m.markedBy.accountId}`;
          const note = m.note === null ? '' : `  "${m.note}"`;
          io.out(`  ${m.markedAt}  ${m.pin}  enterprise ${m.enterpriseId}  by ${by}${note}`);
        }
      }
    });
}
