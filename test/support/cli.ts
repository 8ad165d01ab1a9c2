import { runCli } from '../../src/cli/index.js';

/** Runs the CLI in process, as `npx scanpin …` would, and returns its exit code and what it printed. */
export async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
