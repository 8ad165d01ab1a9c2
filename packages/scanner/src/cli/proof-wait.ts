import { createInterface } from 'node:readline';
import type { ProofLink } from '../evidence/document.js';
import { countdownLine, KEEPALIVE_MS, tickedWait } from './countdown.js';
import { say } from './terminal.js';

/** What the player reads right after the start when the server offers the Discord proof. */
export function proofText(proof: ProofLink): string {
  return `\nTo make this scan count as yours in every community, open this link and sign in with Discord before the scan finishes: ${proof.url}`;
}

/**
 * Resolves when the player presses Enter, or when the terminal closes (no one can press it then);
 * `stop` lets go of the terminal.
 */
function enterPressed(): { pressed: Promise<void>; stop(): void } {
  const rl = createInterface({ input: process.stdin });
  const pressed = new Promise<void>((resolve) => {
    rl.once('line', () => resolve());
    rl.once('close', () => resolve());
  });
  return { pressed, stop: () => rl.close() };
}

/**
 * The proof counts only when it arrives before the upload (docs/scan-client.md, "For players"), so on a
 * terminal the scanner holds the upload until the player presses Enter or the time (the same as the
 * game wait, and never past the link's expiry) runs out. Nothing is polled: the server sees the proof
 * when the evidence arrives. Runs without a terminal do not wait.
 */
export async function waitForProof(
  proof: ProofLink,
  seconds: number,
  serverClockOffsetMs: number,
  keepAlive: (message: string) => Promise<void>,
): Promise<void> {
  if (process.stdin.isTTY !== true) return;
  const untilExpiry = Math.floor((Date.parse(proof.expiresAt) - (Date.now() + serverClockOffsetMs)) / 1000);
  const limit = Math.min(seconds, Number.isNaN(untilExpiry) ? seconds : untilExpiry);
  if (limit <= 0) return;
  say(
    `\nThe scan is ready to upload. If you have not signed in with Discord through the link above, do it now: ${proof.url}\nPress Enter when you are done (or to upload without it).`,
  );
  const line = countdownLine((left) => `  Uploading in ${left}`);
  const enter = enterPressed();
  let lastKeepAlive = 0;
  try {
    await tickedWait({
      seconds: limit,
      everyMs: 1_000,
      interrupt: enter.pressed,
      async tick(left) {
        if (Date.now() - lastKeepAlive >= KEEPALIVE_MS) {
          lastKeepAlive = Date.now();
          await keepAlive('Waiting for the player’s Discord sign-in before the upload');
        }
        line.show(left);
        return false;
      },
    });
  } finally {
    enter.stop();
    line.end();
  }
}
