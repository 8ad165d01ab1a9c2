import type { GameType, PinResults, PinStatus } from '@scanpin/client';
import { Command, InvalidArgumentError } from 'commander';
import { GAME_TYPES } from '../../domain/game-types.js';
import { plural } from '../../domain/plural.js';
import { action, type CustomerIo, withCommonOptions } from './connection.js';
import { exitCodeForOutcome } from './exit-codes.js';
import { keyValues, progressBar } from './format.js';

function gameType(value: string): GameType {
  const match = GAME_TYPES.find((g) => g.toLowerCase() === value.toLowerCase());
  if (!match) throw new InvalidArgumentError(`choose one of ${GAME_TYPES.join(', ')}`);
  return match as GameType;
}

function statusRows(s: PinStatus): Array<[string, unknown]> {
  return [
    ['PIN', s.pin],
    ['Name', s.pinName],
    ['Game', s.type],
    ['Status', s.status],
    ['Progress', `${s.progress}%`],
    ['Message', s.statusMessage],
    ['Result', s.result],
    ...(s.data
      ? ([
          ['Detections', s.data.detectionsCount],
          ['Suspicious', s.data.suspiciousCount],
          ['Warnings', s.data.warningsCount],
        ] as Array<[string, unknown]>)
      : []),
    ['Created', s.createdAt],
  ];
}

function resultsRows(r: PinResults): Array<[string, unknown]> {
  const head: Array<[string, unknown]> = [
    ['PIN', r.pin],
    ['Name', r.pinName],
    ['Game', r.type],
    ['Status', r.status],
    ['Result', r.result],
  ];
  if (r.result === 'none') return [...head, ['Message', r.message]];
  const d = r.data;
  return [
    ...head,
    ['Detections', d.detections],
    ['Suspicious', d.suspicious],
    ['Warnings', d.warnings],
    ['Untrusted', d.untrusted],
    ['Integrity', d.integrity],
    ['Custom', d.customSuspicious],
    ['VPN', d.vpn],
    ['Country', d.country],
    ['System', d.windows],
    ['Scan time', d.scantime],
    ['Discord', d.discord.map((a) => `${a.username} (${a.id})`)],
  ];
}

/** The verdict line `pins watch` ends with. */
export function verdict(r: PinResults): string {
  if (r.result === 'none') return `PIN ${r.pin}: ${r.status.toUpperCase()}: ${r.message}`;
  const counts = `${plural(r.data.detections.length, 'detection')}, ${r.data.suspicious.length} suspicious, ${plural(r.data.warnings.length, 'warning')}`;
  return `PIN ${r.pin}: ${r.result.toUpperCase()} (${counts})`;
}

/** `scanpin pins …`: create and follow PINs with an API key (docs/cli.md). */
export function pinsCommand(io: CustomerIo): Command {
  const pins = withCommonOptions(
    new Command('pins').description('create PINs and read or watch their scans'),
  );
  const print = (json: boolean | undefined, body: unknown, rows: Array<[string, unknown]>) =>
    io.out(json ? JSON.stringify(body, null, 2) : keyValues(rows));

  pins
    .command('create')
    .description('create a PIN for a player to enter in the scanner')
    .requiredOption('--type <game>', `game type: ${GAME_TYPES.join(', ')}`, gameType)
    .option('--name <name>', 'a name to recognise the PIN by (≤ 50 characters)')
    .option(
      '--private',
      "only you see the PIN and its results in the dashboard, not your Enterprise's members (the scan still counts in the player's history)",
    )
    .action(
      action(async (client, flags) => {
        const o = pins.commands.find((c) => c.name() === 'create')?.opts() as {
          type: GameType;
          name?: string;
          private?: boolean;
        };
        const created = await client.pins.create({
          type: o.type,
          ...(o.name === undefined ? {} : { pinName: o.name }),
          ...(o.private ? { private: true } : {}),
        });
        print(flags.json, created, [
          ['PIN', created.pin],
          ['Game', created.type],
          ['Name', created.pinName],
          ['Status', created.status],
          ['Expires', created.expiresAt],
          ['Enterprise', created.enterprise],
        ]);
        return 0;
      }),
    );

  pins
    .command('status <code>')
    .description("a PIN's status and progress")
    .action(
      action(async (client, flags, code: string) => {
        const status = await client.pins.status(code);
        print(flags.json, status, statusRows(status));
        return 0;
      }),
    );

  pins
    .command('results <code>')
    .description("a scan's full results; the exit code gives the verdict (docs/cli.md)")
    .action(
      action(async (client, flags, code: string) => {
        const results = await client.pins.results(code);
        print(flags.json, results, resultsRows(results));
        return results.result === 'none' && (results.status === 'pending' || results.status === 'scanning')
          ? 0
          : exitCodeForOutcome(results.status, results.result === 'none' ? null : results.result);
      }),
    );

  pins
    .command('watch <code>')
    .description('follow a scan live with a progress bar, then print the verdict; the exit code gives it')
    .action(
      action(async (client, flags, code: string) => {
        const show = io.progress ?? ((line: string) => io.err(line));
        let last = '';
        const results = await client.waitForResult(code, {
          onProgress: (s) => {
            const line =
              s.status === 'pending'
                ? `Waiting for the player to start the scan (PIN ${s.pin})…`
                : progressBar(s.progress, s.statusMessage);
            if (line !== last) show(line);
            last = line;
          },
        });
        // Ends the progress line, which a terminal shows without a newline.
        if (io.progress) io.err('');
        io.out(
          flags.json
            ? JSON.stringify(results, null, 2)
            : `${verdict(results)}\n${keyValues(resultsRows(results))}`,
        );
        return exitCodeForOutcome(results.status, results.result === 'none' ? null : results.result);
      }),
    );
  return pins;
}
