import { readFileSync, writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { plural } from '../domain/plural.js';
import { type PackRule, packProblem, RULE_PACK_FORMAT, type RulePack } from '../domain/rule-pack.js';
import { readPackDocument } from '../domain/rule-pack-schema.js';
import type { RuleKind, RuleMatch, RuleSeverity } from '../domain/rules.js';
import {
  type PublisherKey,
  parsePrivateKey,
  parsePublicKey,
  signPack,
  verifyPack,
} from '../lib/rule-pack-signature.js';
import { CliError, type Connection, call } from './admin-client.js';
import type { CliIo } from './index.js';

/** A rule as GET /admin/v1/rules answers it. */
interface RuleView {
  id: number;
  name: string;
  kind: RuleKind;
  pattern: string;
  match: RuleMatch;
  severity: RuleSeverity;
  games: string[];
  enabled: boolean;
  source: string | null;
}

interface RuleRef {
  id: number | null;
  name: string;
  kind: string;
  match: string;
  pattern: string;
  severity: string;
}

/** POST /admin/v1/rule-packs's answer (docs/rules.md, "Importing a pack"). */
interface ImportAnswer {
  outcome: 'created' | 'updated' | 'unchanged' | 'dry-run';
  pack: {
    /** The name this server's operator gave the key (null once no longer trusted). */
    publisher: { name: string | null; keyId: string };
    name: string;
    version: number;
    previousVersion: number | null;
  };
  changes: {
    added: RuleRef[];
    changed: Array<{ before: RuleRef; after: RuleRef; fields: string[] }>;
    adopted: Array<{ before: RuleRef; after: RuleRef; fields: string[] }>;
    removed: RuleRef[];
    unchanged: number;
  };
  retroHunt: {
    total: number;
    examined: number;
    matched: number;
    skipped: number;
    partial: boolean;
    data: Array<{ pin: string; gameType: string; receivedAt: string; findings: string[] }>;
  } | null;
}

/** GET /admin/v1/rule-pack-sources's items (docs/rules.md, "Subscribing to a pack URL"). */
interface SourceView {
  id: number;
  url: string;
  nextCheckAt: string;
  lastCheckedAt: string | null;
  lastStatus: string | null;
  lastHttpStatus: number | null;
  lastError: string | null;
  pack: {
    publisher: { name: string | null; keyId: string };
    name: string;
    servedVersion: number;
    heldVersion: number | null;
  } | null;
}

/** One source in two lines: what it is and serves, then what its last check found. */
function sourceLines(s: SourceView): string[] {
  const pack =
    s.pack === null
      ? 'no verified pack yet'
      : `${s.pack.publisher.name ?? s.pack.publisher.keyId} / ${s.pack.name} v${s.pack.servedVersion} (held: ${s.pack.heldVersion === null ? 'none' : `v${s.pack.heldVersion}`})`;
  const last =
    s.lastCheckedAt === null
      ? 'not checked yet'
      : `last checked ${s.lastCheckedAt}: ${s.lastStatus}${s.lastHttpStatus === null ? '' : ` (HTTP ${s.lastHttpStatus})`}${s.lastError === null ? '' : ` — ${s.lastError}`}`;
  return [`#${s.id}  ${s.url}  ${pack}`, `    ${last}; next check ${s.nextCheckAt}`];
}

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number from 1');
  return n;
}

function idList(value: string): number[] {
  return value.split(',').map((v) => {
    const n = Number(v.trim());
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${v} is not a rule id`);
    return n;
  });
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read the ${what} ${path}: ${(err as Error).message}`);
  }
}

/**
 * A pack file, checked against the schema the server checks a pack body with (domain/rule-pack-schema.ts)
 * and for what that cannot see (`packProblem`), so a file this says is usable is one the server reads.
 */
function readPack(path: string): RulePack {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new CliError(`Cannot read the pack file ${path}: ${(err as Error).message}`);
  }
  const read = readPackDocument(bytes);
  if ('problem' in read) throw new CliError(`${path}: ${read.problem}`);
  const problem = packProblem(read.pack);
  if (problem !== null) throw new CliError(`${path}: the pack cannot be used: ${problem}`);
  return read.pack;
}

/** The public key given as a file (PEM or hex) or as the hex itself. */
function publicKeyFrom(value: string): PublisherKey {
  const text = /^[0-9a-fA-F]{64}$/.test(value.trim()) ? value : readText(value, 'public key file');
  const key = parsePublicKey(text);
  if ('problem' in key) throw new CliError(`The public key ${key.problem}`);
  return key;
}

function ruleLine(r: RuleRef): string {
  return `  ${r.id === null ? '(new)' : `#${r.id}`}  ${r.name}  ${r.kind} ${r.match} ${JSON.stringify(r.pattern)}  → ${r.severity}`;
}

/**
 * `scanpin rules pack …` (docs/rules.md, "Rule packs"): sign rules into a pack with a key that never
 * leaves this machine, check a pack against a publisher's key, and import one into a server.
 */
export function rulePackCommand(io: CliIo, conn: (cmd: Command) => Connection): Command {
  const pack = new Command('pack').description(
    'signed rule packs: export, verify, import, and pack URLs the server polls',
  );

  pack
    .command('export')
    .description('sign rules of the server into a pack file (the private key stays on this machine)')
    .requiredOption('--key <file>', 'the publisher’s Ed25519 private key: PEM, or the 32-byte seed in hex')
    .requiredOption('--publisher <name>', 'the publisher’s name, as operators will see it')
    .requiredOption('--name <name>', 'the pack’s name: lower-case letters, digits and dashes')
    .requiredOption(
      '--pack-version <n>',
      'the pack’s version: higher than any you published before',
      wholeNumber,
    )
    .option('--rules <ids>', 'comma-separated rule ids to put in the pack', idList)
    .option('--all', 'every enabled rule of the server')
    .option('--out <file>', 'where to write the pack (default: standard output)')
    .action(
      async (
        opts: {
          key: string;
          publisher: string;
          name: string;
          packVersion: number;
          rules?: number[];
          all?: boolean;
          out?: string;
        },
        cmd: Command,
      ) => {
        if ((opts.rules === undefined) === (opts.all !== true))
          throw new CliError('Choose the rules: --rules <ids> or --all.');
        const privateKey = parsePrivateKey(readText(opts.key, 'private key file'));
        const { data } = await call<{ data: RuleView[] }>(conn(cmd), 'GET', '/admin/v1/rules');
        const wanted = opts.rules ?? data.filter((r) => r.enabled).map((r) => r.id);
        const rules: PackRule[] = wanted.map((id) => {
          const rule = data.find((r) => r.id === id);
          if (rule === undefined) throw new CliError(`There is no rule ${id} on the server.`);
          if (rule.source === null || rule.source === '')
            throw new CliError(
              `Rule ${id} (${rule.name}) has no source. A pack rule cites where its pattern was found publicly: set one with PATCH /admin/v1/rules/${id}.`,
            );
          return {
            name: rule.name,
            kind: rule.kind,
            pattern: rule.pattern,
            match: rule.match,
            severity: rule.severity,
            games: rule.games,
            source: rule.source,
          };
        });
        const signed = signPack(
          {
            format: RULE_PACK_FORMAT,
            publisher: { name: opts.publisher },
            name: opts.name,
            version: opts.packVersion,
            rules,
          },
          privateKey,
        );
        const problem = packProblem(signed);
        if (problem !== null) throw new CliError(`The pack cannot be used: ${problem}`);
        const text = `${JSON.stringify(signed, null, 2)}\n`;
        if (opts.out === undefined) io.out(text.trimEnd());
        else {
          writeFileSync(opts.out, text);
          io.err(
            `Signed ${signed.name} v${signed.version}: ${plural(rules.length, 'rule')}, key ${signed.publisher.keyId}, written to ${opts.out}`,
          );
        }
      },
    );

  pack
    .command('verify <file>')
    .description('check that a pack is well formed and signed by the given public key (offline)')
    .requiredOption(
      '--public-key <file|hex>',
      'the publisher’s public key: a PEM file, a file with the hex, or the hex',
    )
    .action((file: string, opts: { publicKey: string }) => {
      const signed = readPack(file);
      const key = publicKeyFrom(opts.publicKey);
      if (signed.publisher.keyId !== key.keyId)
        throw new CliError(
          `${file} names key ${signed.publisher.keyId}, not this public key (${key.keyId}).`,
        );
      if (!verifyPack(signed, key.publicKey))
        throw new CliError(
          `${file}: the signature does not verify: the pack was changed after it was signed, or signed with another key.`,
        );
      io.out(
        `valid: ${signed.publisher.name} / ${signed.name} v${signed.version}, ${plural(signed.rules.length, 'rule')}, key ${key.keyId}`,
      );
    });

  pack
    .command('import <file>')
    .description('import a signed pack into the server (its publisher’s key must be trusted there)')
    .option('--dry-run', 'change nothing: show what would change and which stored scans the new rules match')
    .option('--json', 'print the API answer as JSON')
    .action(async (file: string, opts: { dryRun?: boolean; json?: boolean }, cmd: Command) => {
      const signed = readPack(file);
      const answer = await call<ImportAnswer>(
        conn(cmd),
        'POST',
        `/admin/v1/rule-packs${opts.dryRun ? '?dryRun=true' : ''}`,
        signed,
      );
      if (opts.json) {
        io.out(JSON.stringify(answer, null, 2));
        return;
      }
      const p = answer.pack;
      const from = p.previousVersion === null ? '' : ` (was v${p.previousVersion})`;
      const verb = {
        created: 'Imported',
        updated: 'Updated',
        unchanged: 'Already imported:',
        'dry-run': 'Dry run of',
      }[answer.outcome];
      const c = answer.changes;
      io.out(
        `${verb} ${p.publisher.name ?? p.publisher.keyId} / ${p.name} v${p.version}${from}: ${c.added.length} added, ${c.adopted.length} built-in taken over, ${c.changed.length} changed, ${c.removed.length} removed, ${c.unchanged} unchanged`,
      );
      for (const r of c.added) io.out(`+${ruleLine(r)}`);
      for (const r of c.adopted)
        io.out(
          `=${ruleLine(r.after)}  (built-in${r.fields.length > 0 ? `; pack changed ${r.fields.join(', ')}` : ''})`,
        );
      for (const r of c.changed)
        io.out(
          `~${ruleLine(r.after)}  (pack changed ${r.fields.join(', ')}; was → ${r.before.severity}, ${r.before.name})`,
        );
      for (const r of c.removed) io.out(`-${ruleLine(r)}  (disabled)`);
      const hunt = answer.retroHunt;
      if (hunt !== null) {
        io.out(
          `${hunt.matched} of ${hunt.total} stored scans would match the new and changed rules${hunt.partial ? ` (stopped after ${hunt.examined}: time limit)` : ''}; no verdict changes.`,
        );
        for (const m of hunt.data)
          io.out(`  ${m.receivedAt}  ${m.pin}  ${m.gameType}  ${m.findings.join('; ')}`);
      }
    });

  pack
    .command('subscribe <url>')
    .description(
      'have the server fetch a pack URL now and every RULE_PACK_POLL_SECONDS, importing newer signed versions',
    )
    .action(async (url: string, _opts: unknown, cmd: Command) => {
      const source = await call<SourceView>(conn(cmd), 'POST', '/admin/v1/rule-pack-sources', { url });
      for (const line of sourceLines(source)) io.out(line);
    });

  pack
    .command('sources')
    .description('list the subscribed pack URLs and what each last check found')
    .option('--json', 'print the API answer as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const answer = await call<{ data: SourceView[] }>(conn(cmd), 'GET', '/admin/v1/rule-pack-sources');
      if (opts.json) return io.out(JSON.stringify(answer, null, 2));
      if (answer.data.length === 0) io.out('No pack URLs subscribed to.');
      for (const source of answer.data) for (const line of sourceLines(source)) io.out(line);
    });

  pack
    .command('check <id>')
    .description('fetch a subscribed pack URL now instead of at its next check')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const source = await call<SourceView>(
        conn(cmd),
        'POST',
        `/admin/v1/rule-pack-sources/${wholeNumber(id)}/check`,
      );
      for (const line of sourceLines(source)) io.out(line);
    });

  pack
    .command('unsubscribe <id>')
    .description('stop fetching a pack URL (the rules its packs brought stay)')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await call(conn(cmd), 'DELETE', `/admin/v1/rule-pack-sources/${wholeNumber(id)}`);
      io.out(`Unsubscribed from pack source ${id}; the rules its packs brought stay.`);
    });

  return pack;
}
