import { createInterface } from 'node:readline/promises';

/** Asks one question on the terminal; null when there is no terminal to ask on. */
export async function ask(question: string): Promise<string | null> {
  if (!process.stdin.isTTY) return null;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Progress for the player, on stderr so that --json output stays pure JSON. */
export function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Waits for one key on the terminal (none when there is no terminal to read it from). */
export async function waitForKey(prompt: string): Promise<void> {
  const input = process.stdin;
  if (!input.isTTY) return;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  await new Promise<void>((done) => input.once('data', () => done()));
  input.setRawMode(false);
  input.pause();
  process.stderr.write('\n');
}
