import { ScanpinClient, ScanpinError } from '@scanpin/client';
import type { Command } from 'commander';
import { CliExit, EXIT, exitCodeFor } from './exit-codes.js';

/** What every customer command prints to: results on `out`, errors and live progress on `err`. */
export interface CustomerIo {
  out(text: string): void;
  err(text: string): void;
  /** Replaces the current progress line (a terminal) or prints it as a new line (a pipe, a test). */
  progress?(line: string): void;
  /** Ends a long-running command (`events listen`) as Ctrl-C would; without it, SIGINT does. */
  signal?: AbortSignal;
}

export interface CommonFlags {
  key?: string;
  url?: string;
  json?: boolean;
}

/** The key and URL from flags, else SCANPIN_API_KEY / SCANPIN_URL (docs/cli.md, "Connecting"). */
export function clientFor(flags: CommonFlags, env: NodeJS.ProcessEnv = process.env): ScanpinClient {
  const apiKey = flags.key ?? env.SCANPIN_API_KEY;
  if (!apiKey) {
    throw new CliExit(
      EXIT.usage,
      'No API key. Pass --key or set SCANPIN_API_KEY (a key your operator issued, sp_…).',
    );
  }
  const baseUrl = flags.url ?? env.SCANPIN_URL ?? `http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? '8080'}`;
  // A bounded, short wait on 429 keeps scripts moving; a longer one is reported instead.
  return new ScanpinClient({ apiKey, baseUrl, retryOn429: { maxRetries: 2, maxWaitSeconds: 30 } });
}

/** The shared options, on a group command so every subcommand has them. */
export function withCommonOptions(cmd: Command): Command {
  return cmd
    .option('--key <key>', 'API key (default $SCANPIN_API_KEY)')
    .option('--url <url>', 'server base URL (default $SCANPIN_URL or http://$HOST:$PORT)')
    .option('--json', 'print the API response as JSON instead of a table');
}

/** Runs a command's body with a client; a refusal becomes a CliExit (runCli prints it) with its exit code. */
export function action<A extends unknown[]>(
  body: (client: ScanpinClient, flags: CommonFlags, ...args: A) => Promise<number | undefined>,
) {
  return async (...args: unknown[]) => {
    const cmd = args.at(-1) as Command;
    const flags = cmd.optsWithGlobals<CommonFlags>();
    const client = clientFor(flags);
    let code: number | undefined;
    try {
      code = await body(client, flags, ...(args.slice(0, -2) as A));
    } catch (error) {
      if (error instanceof CliExit) throw error;
      if (error instanceof ScanpinError) {
        throw new CliExit(
          exitCodeFor(error),
          `${error.detail} (${error.status} ${error.code}${error.requestId ? `, request ${error.requestId}` : ''})`,
        );
      }
      throw new CliExit(EXIT.failed, error instanceof Error ? error.message : String(error));
    }
    if (code) throw new CliExit(code);
  };
}
