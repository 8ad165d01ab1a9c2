import { Command, CommanderError } from 'commander';
import { adminCommand, type Output } from './admin.js';
import { CliError } from './admin-client.js';
import { backupCommand } from './backup.js';
import { eventsCommand } from './customer/events.js';
import { CliExit, EXIT } from './customer/exit-codes.js';
import { pinsCommand } from './customer/pins.js';
import { usersCommand } from './customer/users.js';
import { webhooksCommand } from './customer/webhooks.js';
import { discordCommand } from './discord.js';
import { rulesCommand } from './rules.js';
import { scannerClientsCommand } from './scanner-clients.js';
import { simulateCommand } from './simulate.js';

export interface CliIo extends Output {
  err(text: string): void;
  /** A live progress line (`pins watch`): redrawn in place on a terminal, else one line each. */
  progress?(line: string): void;
  /** Ends `events listen` as Ctrl-C would; without it, SIGINT does. */
  signal?: AbortSignal;
}

const consoleIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  progress: (line) =>
    process.stderr.isTTY ? process.stderr.write(`\r\x1b[2K${line}`) : process.stderr.write(`${line}\n`),
};

/** The customer commands (docs/cli.md), whose usage errors exit with their own code. */
const CUSTOMER_COMMANDS = new Set(['pins', 'users', 'webhooks', 'events']);

/** Runs the CLI and returns its exit code; never calls process.exit, so tests can run it in-process. */
export async function runCli(argv: readonly string[], io: CliIo = consoleIo): Promise<number> {
  const program = new Command('scanpin').description('scanpin: scan PINs, scans and player risk');
  program.addCommand(adminCommand(io));
  program.addCommand(simulateCommand(io));
  program.addCommand(backupCommand(io));
  program.addCommand(rulesCommand(io));
  program.addCommand(scannerClientsCommand(io));
  program.addCommand(discordCommand(io));
  program.addCommand(pinsCommand(io));
  program.addCommand(usersCommand(io));
  program.addCommand(webhooksCommand(io));
  program.addCommand(eventsCommand(io));
  // Commands built apart from the program do not inherit these settings, so apply them to the whole tree.
  const configure = (cmd: Command): void => {
    cmd
      .exitOverride()
      .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
    for (const sub of cmd.commands) configure(sub);
  };
  configure(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode !== 0 && CUSTOMER_COMMANDS.has(argv[0] ?? '') ? EXIT.usage : err.exitCode;
    }
    if (err instanceof CliExit) {
      if (err.message) io.err(`error: ${err.message}`);
      return err.code;
    }
    if (err instanceof CliError) {
      io.err(`error: ${err.message}`);
      return 1;
    }
    io.err(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
