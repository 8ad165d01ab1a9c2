import { Command, InvalidArgumentError, Option } from 'commander';
import { GAME_TYPES } from '../domain/game-types.js';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES } from '../domain/rules.js';
import type { Output } from './admin.js';
import { type Connection, call, resolveConnection } from './admin-client.js';

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
}

interface RuleTest {
  rule: RuleView;
  examined: number;
  matched: number;
  scans: Array<{ pin: string; gameType: string; receivedAt: string; findings: string[] }>;
}

function ruleId(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a rule id (a positive whole number)');
  return n;
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
  return `#${r.id}  ${r.name}  ${r.kind} ${r.match} ${JSON.stringify(r.pattern)}  → ${r.severity}  ${games}${state}`;
}

/**
 * `scanpin rules …` (docs/cli.md, "Rules"): the operator's detection rules over /admin/v1/rules. They
 * judge scan evidence on the server and are never sent to a scan client.
 */
export function rulesCommand(io: Output): Command {
  const rules = new Command('rules')
    .description('detection rules that judge scan evidence (operator; over /admin/v1/rules)')
    .option('--url <url>', 'server base URL (default $SCANPIN_URL or http://$HOST:$PORT)')
    .option('--token <token>', 'operator token (default $SCANPIN_ADMIN_TOKEN or ./data/admin-token)');
  const conn = (cmd: Command): Connection => resolveConnection(cmd.optsWithGlobals());
  const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));

  rules
    .command('list')
    .description('every rule, enabled or not')
    .option('--json', 'print the API answer as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const answer = await call<{ data: RuleView[] }>(conn(cmd), 'GET', '/admin/v1/rules');
      if (opts.json) print(answer);
      else for (const rule of answer.data) io.out(ruleLine(rule));
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

  rules
    .command('test <id>')
    .description(
      'run a rule over stored evidence and list the past scans it would have matched (changes nothing)',
    )
    .option('--json', 'print the API answer as JSON')
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
      const answer = await call<RuleTest>(conn(cmd), 'POST', `/admin/v1/rules/${ruleId(id)}/test`);
      if (opts.json) return print(answer);
      io.out(ruleLine(answer.rule));
      io.out(`${answer.matched} of ${answer.examined} stored scans would match.`);
      for (const scan of answer.scans)
        io.out(`  ${scan.receivedAt}  ${scan.pin}  ${scan.gameType}  ${scan.findings.join('; ')}`);
      if (answer.matched > answer.scans.length)
        io.out(`  … and ${answer.matched - answer.scans.length} more`);
    });

  return rules;
}
