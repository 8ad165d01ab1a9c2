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
