import { parseArgs } from 'node:util';
import { EVIDENCE_SCHEMA_VERSION } from '@scanpin/evidence';
import type { Machine } from '../collect/context.js';
import { removeStaleCopies } from '../collect/discord.js';
import { collectEvidence } from '../collect/run.js';
import { consentText } from '../disclosure.js';
import type { EvidenceDocument } from '../evidence/document.js';
import { outgoingEvidence } from '../evidence/outgoing.js';
import { hardwareIds } from '../hardware-id.js';
import { displayPath, foldersOf } from '../paths.js';
import { receiptText } from '../receipt.js';
import { redactText } from '../redact.js';
import { checkServerUrl } from '../server/address.js';
import { ScanServer, ServerRefusal } from '../server/client.js';
import { SCANNER_VERSION } from '../version.js';
import { bakedClientIdentity, bakedServerUrl, stampedScan } from './default-server.js';
import { ELEVATED_WINDOW_FLAG, elevateIfNeeded } from './elevate.js';
import { DEFAULT_WAIT_SECONDS, waitForGame, withGameFacts } from './game-wait.js';
import { holdWindowOpen, startedInOwnWindow } from './own-window.js';
import { proofText, waitForProof } from './proof-wait.js';
import { ask, say } from './terminal.js';

/** Exit codes (docs/scan-client.md, "For players"). */
export const EXIT = {
  delivered: 0,
  failed: 1,
  usage: 2,
  declined: 3,
  refused: 4,
} as const;

const USAGE = `Usage: scanpin-scan [--server URL] [--pin PIN] [--yes] [--json] [--insecure] [--wait-seconds N]

  --server URL   the community's scanpin server (https://…)
  --pin PIN      the 8-character PIN the staff gave you (asked for when missing)
  --yes          agree to the scan without being asked (for automation)
  --json         print the whole evidence document that was sent, as JSON
  --insecure     allow plain http:// to a server that is not this computer
  --wait-seconds N  how long to wait for the game to start, and for the Discord sign-in before
                 the upload (default ${DEFAULT_WAIT_SECONDS}; also SCANPIN_WAIT_SECONDS)
  --no-elevate   on Windows, do not ask for administrator rights (the USN journal is then not read)
  --version      print the version
  --self-test DIR  run every collector on a planted Windows tree and print what was found`;

/** A clock this far from the server's is pointed out to the player (the server reports it too). */
const CLOCK_NOTICE_MS = 5 * 60_000;

export function thisMachine(): Machine {
  return { platform: process.platform, env: process.env, procRoot: '/proc', sysRoot: '/sys' };
}

export async function main(argv: readonly string[], machine: Machine = thisMachine()): Promise<number> {
  // Double-clicked on Windows, the window stays open at the end until a key is pressed, whatever the
  // end (own-window.ts). The copy started as administrator holds its own window below.
  if (
    !argv.includes(ELEVATED_WINDOW_FLAG) &&
    !argv.includes('--self-test') &&
    (await startedInOwnWindow(machine.platform))
  )
    return holdWindowOpen(await run(argv, machine));
  return run(argv, machine);
}

async function run(argv: readonly string[], machine: Machine): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    say(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (args.help) {
    say(USAGE);
    return EXIT.delivered;
  }
  if (args['self-test']) return (await import('./self-test.js')).selfTest(argv);
  if (args.version) {
    process.stdout.write(`scanpin-scan ${SCANNER_VERSION}\n`);
    return EXIT.delivered;
  }
  // On Windows the scan asks for administrator rights first, by starting itself again elevated
  // (cli/elevate.ts); that copy runs in its own window and keeps it open at the end.
  if (machine.platform === 'win32') {
    const elevatedWindow = args['elevated-window'] === true;
    const handedOver = await elevateIfNeeded(argv, args['no-elevate'] === true, !elevatedWindow);
    if (handedOver !== null) return handedOver;
    if (elevatedWindow)
      return holdWindowOpen(
        await run(
          argv.filter((a) => a !== ELEVATED_WINDOW_FLAG),
          machine,
        ),
      );
  }
  // A scanner killed while an older version copied a Discord store left the copy behind: remove it.
  await removeStaleCopies();
  // A copy downloaded from /scan/<PIN> carries its server and PIN (docs/scanner.md, "Stamped
  // downloads"): the player double-clicks it and only agrees. An argument still wins.
  const stamp = args.server === undefined ? stampedScan() : null;
  const serverRaw = args.server ?? stamp?.serverUrl ?? bakedServerUrl();
  if (serverRaw === null || serverRaw === undefined) {
    say(
      `This scanner does not know which server to send the scan to. Download it again from the link the staff gave you (it ends in /scan/ and your PIN): that copy knows the server and the PIN. Or, in a terminal, pass --server with the address the community gave you.\n\n${USAGE}`,
    );
    return EXIT.usage;
  }
  let server: ScanServer;
  let waitSeconds: number;
  try {
    server = new ScanServer(checkServerUrl(serverRaw, args.insecure === true), bakedClientIdentity());
    waitSeconds = waitSecondsOf(args['wait-seconds'] ?? machine.env.SCANPIN_WAIT_SECONDS);
  } catch (error) {
    say((error as Error).message);
    return EXIT.usage;
  }

  const pin = (args.pin ?? stamp?.pin ?? (await ask('PIN from the staff: ')) ?? '').toUpperCase();
  if (pin === '') {
    say('No PIN given. Pass --pin, or run the scanner in a terminal to be asked for it.');
    return EXIT.usage;
  }

  // Consent comes before anything is read or sent (docs/scan-client.md, "For players"): the server
  // says, for the PIN alone, which community asks and what its game's plan reads, so the prompt lists
  // exactly that. A server too old to say gets every source this platform's scanner reads.
  let preview: Awaited<ReturnType<ScanServer['preview']>>;
  try {
    preview = await server.preview(pin);
  } catch (error) {
    say(
      error instanceof ServerRefusal
        ? error.message
        : `Could not start the scan: ${(error as Error).message}`,
    );
    return error instanceof ServerRefusal ? EXIT.refused : EXIT.failed;
  }
  say(
    consentText(machine.platform, preview?.plan ?? null, {
      community: preview?.community ?? null,
      server: server.host,
      game: preview?.type ?? null,
      discordProof: preview?.discordProof ?? false,
    }),
  );
  if (args.yes !== true) {
    const answer = await ask('\nDo you agree to this scan? [y/N] ');
    if (answer === null) {
      say('\nNo terminal to ask for your agreement: run it in a terminal, or pass --yes to agree.');
      return EXIT.declined;
    }
    if (!/^y(es)?$/i.test(answer)) {
      say('Scan declined. Nothing was read or sent.');
      return EXIT.declined;
    }
  }

  let start: Awaited<ReturnType<ScanServer['start']>>;
  try {
    start = await server.start(pin, await hardwareIds(machine.platform), SCANNER_VERSION);
  } catch (error) {
    say(
      error instanceof ServerRefusal
        ? error.message
        : `Could not start the scan: ${(error as Error).message}`,
    );
    return error instanceof ServerRefusal ? EXIT.refused : EXIT.failed;
  }
  say(`\nScan started for a ${start.type} check. Keep the game running until it finishes.`);
  // A scan counts as the player's everywhere only when they prove their Discord account for this
  // scan, through the link the start answer carries, before the upload (the server's
  // docs/risk-score.md, "Whose scan it is").
  if (start.proof) say(proofText(start.proof));
  const skew = Date.now() - Date.parse(start.serverTime);
  if (Math.abs(skew) > CLOCK_NOTICE_MS)
    say(
      `Note: your clock is ${Math.round(Math.abs(skew) / 60_000)} minutes ${skew > 0 ? 'ahead of' : 'behind'} the server's. The staff will see this.`,
    );

  const home = foldersOf(machine).home;
  // A lost progress report is not worth the scan; a closed scan is.
  const report = (percent: number, message: string) =>
    server.progress(start.sessionToken, percent, message).catch((error: unknown) => {
      if (error instanceof ServerRefusal) throw error;
    });
  try {
    // Only what the player agreed to: a plan that changed on the server since the preview never
    // widens what is read.
    const plan =
      preview === null
        ? start.plan
        : { ...start.plan, sources: start.plan.sources.filter((s) => preview.plan.sources.includes(s)) };
    const wait = plan.sources.includes('processes')
      ? await waitForGame(machine, start.type, waitSeconds, (message) => report(1, message))
      : null;
    const sources = await collectEvidence(
      machine,
      start.type,
      plan,
      (p) => displayPath(home, p),
      async (percent, message) => {
        say(`${String(percent).padStart(3)}%  ${message}`);
        await report(percent, message);
      },
    );
    // Every string that leaves the machine goes through the one redaction and escape
    // (evidence/outgoing.ts); what is printed below is exactly what was sent.
    const doc: EvidenceDocument = outgoingEvidence({
      schema: EVIDENCE_SCHEMA_VERSION,
      nonce: start.nonce,
      client: { version: SCANNER_VERSION, platform: machine.platform, arch: process.arch },
      sources: withGameFacts(sources, start.type, wait),
    });
    if (start.proof) await waitForProof(start.proof, waitSeconds, -skew, (message) => report(95, message));
    say(' 96%  Uploading the evidence');
    const answer = await server.evidence(start.sessionToken, doc);
    // The verdict is the staff's (receipt.ts): printed only when the Enterprise shows it to players.
    const shown = answer.showResult === true ? { result: answer.result } : {};
    if (args.json)
      process.stdout.write(
        `${JSON.stringify({ ...shown, receipt: answer.receipt, evidence: doc }, null, 2)}\n`,
      );
    else process.stdout.write(`${receiptText(doc, answer, start.pin, plan)}\n`);
    if (args.json) say(receiptText(doc, answer, start.pin, plan));
    return EXIT.delivered;
  } catch (error) {
    const message =
      error instanceof ServerRefusal ? error.message : `The scan failed: ${(error as Error).message}`;
    say(message);
    // Tell the server, so the staff see a failed scan rather than one that went quiet.
    await server.fail(start.sessionToken, redactText(message)).catch(() => undefined);
    return error instanceof ServerRefusal ? EXIT.refused : EXIT.failed;
  }
}

/** The wait for the game and for the Discord sign-in, in whole seconds (docs/scan-client.md). */
function waitSecondsOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_WAIT_SECONDS;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > 3600)
    throw new Error(
      `--wait-seconds must be a whole number of seconds from 0 to 3600, not "${raw}".\n\n${USAGE}`,
    );
  return Number(raw);
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      server: { type: 'string' },
      pin: { type: 'string' },
      yes: { type: 'boolean' },
      json: { type: 'boolean' },
      insecure: { type: 'boolean' },
      'wait-seconds': { type: 'string' },
      version: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      'self-test': { type: 'boolean' },
      'no-elevate': { type: 'boolean' },
      'elevated-window': { type: 'boolean' },
      user: { type: 'string' },
      game: { type: 'string' },
      marker: { type: 'string', multiple: true },
    },
    strict: true,
    // Only the self-test takes one: its folder.
    allowPositionals: argv.includes('--self-test'),
  }).values;
}
