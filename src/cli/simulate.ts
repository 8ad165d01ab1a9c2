import { randomInt } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isDiscordId } from '../domain/discord-id.js';
import { PIN_CODE_PATTERN } from '../domain/pin-code.js';
import type { Output } from './admin.js';
import { CliError, type Connection, call } from './admin-client.js';

type Outcome = 'legit' | 'suspicious' | 'cheating' | 'error';

const STEPS: Array<[number, string]> = [
  [5, 'Connecting to the scan server'],
  [12, 'Collecting system information'],
  [24, 'Scanning running processes'],
  [38, 'Checking loaded drivers and modules'],
  [52, 'Verifying game files'],
  [64, 'Scanning recently executed programs'],
  [76, 'Checking Discord accounts'],
  [88, 'Checking system integrity'],
  [96, 'Uploading report'],
];

const CHEATS: Record<string, string[]> = {
  FiveM: ['Eulen', 'RedEngine'],
  RedM: ['Eulen'],
  Java: ['Vape v4', 'Wurst'],
  Bedrock: ['Horion'],
  Rust: ['Rust ESP loader'],
  Roblox: ['Synapse X'],
};

/** The report a scan client would send for the chosen outcome. */
function reportFor(
  outcome: Exclude<Outcome, 'error'>,
  type: string,
  discord: Array<{ id: string; username: string }>,
) {
  const cheats = CHEATS[type] ?? ['Generic injector'];
  return {
    detections: outcome === 'cheating' ? cheats.map((c) => `${c} (${type})`) : [],
    suspicious: outcome === 'legit' ? [] : ['Unsigned driver loaded: kdmapper.sys'],
    warnings: ['Windows Defender real-time protection is off'],
    untrusted: outcome === 'legit' ? [] : ['C:\\Users\\Player\\Downloads\\loader.exe'],
    integrity: [],
    artifacts: ['C:\\Users\\Player\\AppData\\Local\\Temp\\settings.ini', 'C:\\Games\\launcher.log'],
    vpn: 'No VPN detected',
    country: 'DE',
    logon: '3 hours 12 minutes',
    scantime: '42 seconds',
    windows: 'Windows 11 Pro 23H2 (22631)',
    discord,
  };
}

function discordArg(value: string, previous: Array<{ id: string; username: string }> = []) {
  const [id, ...rest] = value.split(':');
  const username = rest.join(':');
  if (!id || !isDiscordId(id) || !username) {
    throw new InvalidArgumentError(
      'use ID:NAME with a 17–20 digit Discord user ID, e.g. 123456789012345678:Player',
    );
  }
  return [...previous, { id, username }];
}

const collect = (value: string, previous: string[] = []) => [...previous, value];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `scanpin simulate`: plays the scan client against a running server over HTTP. */
export function simulateCommand(io: Output): Command {
  return new Command('simulate')
    .description('run a simulated scan for a PIN against a running server, as the scan client would')
    .requiredOption('--pin <code>', 'the PIN to scan with')
    .addOption(
      new Option('--outcome <outcome>', 'how the scan should end')
        .choices(['legit', 'suspicious', 'cheating', 'error'])
        .default('legit'),
    )
    .option('--discord <id:name>', 'a Discord account found on the machine (repeatable)', discordArg)
    .option('--hwid <id>', 'a hardware ID of the machine (repeatable; default: a random one)', collect)
    .option('--url <url>', 'server base URL (default $SCANPIN_URL or http://$HOST:$PORT)')
    .option('--delay <ms>', 'pause between progress steps', (v) => Number.parseInt(v, 10), 400)
    .action(
      async (opts: {
        pin: string;
        outcome: Outcome;
        discord?: Array<{ id: string; username: string }>;
        hwid?: string[];
        url?: string;
        delay: number;
      }) => {
        if (!new RegExp(PIN_CODE_PATTERN).test(opts.pin))
          throw new CliError('--pin must be an 8-character PIN code');
        const url = (
          opts.url ??
          process.env.SCANPIN_URL ??
          `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8080'}`
        ).replace(/\/+$/, '');
        const conn: Connection = { url, token: '' };
        const hwids = opts.hwid ?? [
          `SIM-${randomInt(1e9).toString(16).toUpperCase()}-${Date.now().toString(16)}`,
        ];
        const discord = opts.discord ?? [];

        const session = await call<{ sessionToken: string; pin: string; type: string }>(
          conn,
          'POST',
          '/v1/scanner/start',
          { pin: opts.pin, hwids, clientVersion: 'simulator-1.0' },
          {},
        );
        io.out(`Scan started for PIN ${session.pin} (${session.type}).`);
        const auth = { authorization: `Bearer ${session.sessionToken}` };
        const stopAt = opts.outcome === 'error' ? 60 : 100;
        for (const [progress, statusMessage] of STEPS) {
          if (progress > stopAt) break;
          await call(conn, 'POST', '/v1/scanner/progress', { progress, statusMessage }, auth);
          io.out(`${String(progress).padStart(3)}%  ${statusMessage}`);
          await sleep(opts.delay);
        }
        if (opts.outcome === 'error') {
          await call(
            conn,
            'POST',
            '/v1/scanner/fail',
            { message: 'Scanner lost access to the process list (access denied)' },
            auth,
          );
          io.out('Scan failed (reported to the server).');
          return;
        }
        const { result } = await call<{ result: string }>(
          conn,
          'POST',
          '/v1/scanner/finish',
          reportFor(opts.outcome, session.type, discord),
          auth,
        );
        io.out(`Scan finished. Verdict: ${result}`);
        if (opts.outcome === 'legit' && result !== 'legit')
          io.out(
            'The simulator is not a registered scanner build, so its report has low assurance and is never ' +
              'legit: its integrity says so (docs/scan-client.md, "Trust").',
          );
        if (discord.length > 0)
          io.out(
            'A report only claims its Discord accounts: they count for your Enterprise, and for other ' +
              "communities only when the player proved the account through the scanner's one-time link " +
              '(docs/risk-score.md, "Whose scan it is").',
          );
      },
    );
}
