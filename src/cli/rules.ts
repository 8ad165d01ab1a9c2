import { Command, InvalidArgumentError, Option } from 'commander';
import { GAME_TYPES } from '../domain/game-types.js';
import { plural } from '../domain/plural.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES } from '../domain/rules.js';
import { CliError, type Connection, call, resolveConnection } from './admin-client.js';
import type { CliIo } from './index.js';
import { rulePackCommand } from './rule-packs.js';
import { type QualitySummary, qualityText, ruleQualityCommand } from './rule-quality.js';

interface RuleView {
  id: number;
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  enabled: boolean;
  source: string | null;
  /** The signed pack it came from (docs/rules.md). */
  pack?: { name: string; publisher: { name: string | null; keyId: string }; changedVersion: number } | null;
  /** In the list only: hits and false positives lately (docs/rules.md, "Rule quality"). */
  quality?: QualitySummary;
}

/** A rule test as GET /admin/v1/rule-tests/{id} answers it (docs/scan-client.md, "Testing a rule"). */
interface RuleTestJob {
  id: number;
  ruleId: number;
  status: 'running' | 'finished' | 'timed-out' | 'failed' | 'abandoned';
  examined: number;
  total: number;
  matched: number;
  skipped: number;
  partial: boolean;
  reason: string | null;
}

interface RuleTestMatch {
  pin: string;
  gameType: string;
  receivedAt: string;
  findings: string[];
  omitted: number;
}

interface RuleTestPage extends RuleTestJob {
  data: RuleTestMatch[];
  next: number | null;
}

/** How often a waiting `rules test` asks for progress; the server writes it about once a second. */
const POLL_EVERY_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ruleId(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a rule id (a positive whole number)');
  return n;
}

function testId(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a rule test id (a positive whole number)');
  return n;
}

function progressLine(t: RuleTestJob): string {
  const skipped = t.skipped > 0 ? `, ${t.skipped} skipped (server busy)` : '';
  return `Rule test ${t.id} (rule #${t.ruleId}) ${t.status}: ${t.examined} of ${t.total} stored scans examined, ${t.matched} matched${skipped}`;
}

function matchLine(m: RuleTestMatch): string {
  const more = m.omitted > 0 ? `  (+${m.omitted} more places)` : '';
  return `  ${m.receivedAt}  ${m.pin}  ${m.gameType}  ${m.findings.join('; ')}${more}`;
}

function gameList(value: string): string[] {
  const games = value
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  for (const g of games) {
    if (!(GAME_TYPES as readonly string[]).includes(g))
      throw new InvalidArgumentError(`unknown game ${g}; choose from ${GAME_TYPES.join(', ')}`);
  }
  return games;
}

/** One line per rule, for a terminal; --json gives the API's own shape. */
export function ruleLine(r: RuleView): string {
  const games = r.games.length === 0 ? 'all games' : r.games.join(',');
  const state = r.enabled ? '' : '  (disabled)';
  const pack = r.pack
    ? `  [${r.pack.publisher.name ?? `untrusted key ${r.pack.publisher.keyId}`} / ${r.pack.name} v${r.pack.changedVersion}]`
    : '';
  const quality = r.quality ? `  {${r.quality.days ?? ''}d: ${qualityText(r.quality)}}` : '';
  return `#${r.id}  ${r.name}  ${r.kind} ${r.match} ${JSON.stringify(r.pattern)}  → ${r.severity}  ${games}${state}${pack}${quality}`;
}

/**
 * `scanpin rules …` (docs/cli.md, "Rules"): the operator's detection rules over /admin/v1/rules. They
 * judge scan evidence on the server and are never sent to a scan client.
 */
export function rulesCommand(io: CliIo): Command {
  const rules = new Command('rules')
    .description('detection rules that judge scan evidence (operator; over /admin/v1/rules)')
    .option('--url <url>', 'server base URL (default $SCANPIN_URL or http://$HOST:$PORT)')
    .option('--token <token>', 'operator token (default $SCANPIN_ADMIN_TOKEN or ./data/admin-token)');
  const conn = (cmd: Command): Connection => resolveConnection(cmd.optsWithGlobals());
  const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));

  rules
    .command('list')
    .description('every rule, enabled or not, with its hits and false positives lately (FLAGGED: too many)')
    .option('--flagged', 'only the rules flagged for their share of false positives')
    .option('--json', 'print the API answer as JSON')
    .action(async (opts: { json?: boolean; flagged?: boolean }, cmd: Command) => {
      const answer = await call<{ data: RuleView[] }>(conn(cmd), 'GET', '/admin/v1/rules');
      const data = opts.flagged ? answer.data.filter((r) => r.quality?.flagged) : answer.data;
      if (opts.json) print({ ...answer, data });
      else for (const rule of data) io.out(ruleLine(rule));
    });

  rules
    .command('add')
    .description('add a rule; it judges the next evidence upload')
    .requiredOption('--name <name>', 'starts every finding it adds, e.g. "Wurst"')
    .addOption(
      new Option('--kind <kind>', 'what it is matched against')
        .choices([...RULE_KINDS])
        .makeOptionMandatory(),
    )
    .requiredOption('--pattern <pattern>', 'the text to match (case-sensitive)')
    .addOption(
      new Option('--severity <severity>', 'which result field a match fills')
        .choices([...RULE_SEVERITIES])
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--match <match>', 'how the pattern is matched')
        .choices([...RULE_MATCHES])
        .default('contains'),
    )
    .option(
      '--games <games>',
      `comma-separated game types (default: every game): ${GAME_TYPES.join(', ')}`,
      gameList,
    )
    .option('--source <source>', 'where the pattern was found publicly')
    .option('--disabled', 'add it disabled, to test it first')
    .action(async (opts: Record<string, string | string[] | boolean | undefined>, cmd: Command) => {
      const rule = await call<RuleView>(conn(cmd), 'POST', '/admin/v1/rules', {
        name: opts.name,
        kind: opts.kind,
        pattern: opts.pattern,
        severity: opts.severity,
        match: opts.match,
        ...(opts.games === undefined ? {} : { games: opts.games }),
        ...(opts.source === undefined ? {} : { source: opts.source }),
        enabled: opts.disabled !== true,
      });
      io.out(ruleLine(rule));
    });

  for (const [name, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    rules
      .command(`${name} <id>`)
      .description(`${name} a rule (kept, so it can be turned back on and tested)`)
      .action(async (id: string, _opts: unknown, cmd: Command) => {
        io.out(
          ruleLine(await call<RuleView>(conn(cmd), 'PATCH', `/admin/v1/rules/${ruleId(id)}`, { enabled })),
        );
      });
  }

  /** Every match found so far, page by page; `show` gets each page as it arrives. */
  async function allMatches(
    c: Connection,
    id: number,
    show: (page: RuleTestPage) => void,
  ): Promise<RuleTestPage> {
    let after = 0;
    for (;;) {
      const page = await call<RuleTestPage>(c, 'GET', `/admin/v1/rule-tests/${id}?after=${after}&limit=100`);
      show(page);
      if (page.next === null) return page;
      after = page.next;
    }
  }

  /** The test's summary and its matches; a test that failed or was abandoned exits non-zero after. */
  async function report(c: Connection, id: number, json: boolean | undefined): Promise<void> {
    const data: RuleTestMatch[] = [];
    let first = true;
    const last = await allMatches(c, id, (page) => {
      if (json) {
        data.push(...page.data);
        return;
      }
      if (first) {
        io.out(`${page.matched} of ${page.total} stored scans would match.`);
        if (page.status === 'running')
          io.out('The test is still running: these are the matches found so far.');
        else if (page.reason !== null) io.out(`Test ${page.status}: ${page.reason}`);
        if (page.skipped > 0)
          io.out(
            `${plural(page.skipped, 'scan was', 'scans were')} skipped: the server was too busy to judge them.`,
          );
      }
      first = false;
      for (const m of page.data) io.out(matchLine(m));
    });
    if (json) print({ ...last, data, next: null });
    if (last.status === 'failed' || last.status === 'abandoned')
      throw new CliError(`rule test ${id} ${last.status}: ${last.reason ?? ''}`);
  }

  rules
    .command('test <id>')
    .description(
      'test a rule over stored evidence in the background, wait for it and list the past scans it would have matched (changes nothing)',
    )
    .option('--no-wait', 'start the test, print its id and return (follow it with `rules test-status`)')
    .option('--json', 'print the API answers as JSON')
    .action(async (id: string, opts: { wait: boolean; json?: boolean }, cmd: Command) => {
      const c = conn(cmd);
      const started = await call<RuleTestJob>(c, 'POST', `/admin/v1/rules/${ruleId(id)}/test`);
      if (!opts.wait) {
        if (opts.json) print(started);
        else
          io.out(`Rule test ${started.id} started; follow it with: scanpin rules test-status ${started.id}`);
        return;
      }
      const show = io.progress ?? ((line: string) => io.err(line));
      let job: RuleTestJob = started;
      let shown = '';
      for (;;) {
        const line = progressLine(job);
        if (!opts.json && line !== shown) show(line);
        shown = line;
        if (job.status !== 'running') break;
        await sleep(POLL_EVERY_MS);
        job = await call<RuleTestPage>(c, 'GET', `/admin/v1/rule-tests/${started.id}?limit=1`);
      }
      // Ends the progress line, which a terminal shows without a newline.
      if (io.progress && !opts.json) io.err('');
      await report(c, started.id, opts.json);
    });

  rules
    .command('test-status <testId>')
    .description("a rule test's progress and the scans it matched so far")
    .option('--json', 'print the API answers as JSON')
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
      const c = conn(cmd);
      const n = testId(id);
      if (!opts.json) {
        const job = await call<RuleTestPage>(c, 'GET', `/admin/v1/rule-tests/${n}?limit=1`);
        io.out(progressLine(job));
      }
      await report(c, n, opts.json);
    });

  rules.addCommand(ruleQualityCommand(io, conn));
  rules.addCommand(rulePackCommand(io, conn));

  return rules;
}
