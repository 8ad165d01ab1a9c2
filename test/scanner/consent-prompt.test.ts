import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../packages/scanner/src/cli/main.js';
import type { Machine } from '../../packages/scanner/src/collect/context.js';
import { DISCORD_PROOF_HINT, disclosureFor } from '../../packages/scanner/src/disclosure.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { type AcceptanceServer, startAcceptanceServer } from './fixtures/acceptance.js';
import { plantedMachine } from './fixtures/machine.js';

/**
 * The consent prompt as a player meets it (docs/scan-client.md, "For players"): before anything is
 * read or sent, the scanner asks the server about the PIN and lists exactly what the scan of that
 * game reads on this computer, who asks, and where it goes. Run in process (`main` with a machine of
 * the platform under test) against a real server; without a terminal to agree on, the scan stops at
 * the prompt, so nothing is read.
 */

function machineOf(platform: NodeJS.Platform): Machine {
  const m = plantedMachine(platform === 'win32' ? 'win32' : 'linux');
  mkdirSync(join(m.root, 'proc'));
  return { platform, env: m.env, procRoot: join(m.root, 'proc'), sysRoot: join(m.root, 'sys') };
}

/** What `main` tells the player (on stderr), and its exit code. */
async function prompt(argv: string[], machine: Machine): Promise<{ code: number; text: string }> {
  let text = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  });
  // No terminal to agree on, even when the tests run in one: the scan stops at the prompt.
  const tty = Object.getOwnPropertyDescriptor(process.stdin, 'isTTY');
  Object.defineProperty(process.stdin, 'isTTY', { value: undefined, configurable: true });
  try {
    return { code: await main(argv, machine), text };
  } finally {
    spy.mockRestore();
    if (tty === undefined) Reflect.deleteProperty(process.stdin, 'isTTY');
    else Object.defineProperty(process.stdin, 'isTTY', tty);
  }
}

/** The titles of the items the prompt lists under "This scan will collect:". */
function listed(text: string): string[] {
  const from = text.indexOf('This scan will collect:');
  const to = text.indexOf('It never collects:');
  expect(from).toBeGreaterThan(-1);
  return text
    .slice(from, to)
    .split('\n')
    .filter((line) => line.startsWith('  • '))
    .map((line) => line.slice(4, line.indexOf(': ')));
}

describe('the consent prompt', () => {
  let server: AcceptanceServer;
  let withDiscord: AcceptanceServer;
  beforeAll(async () => {
    server = await startAcceptanceServer();
    withDiscord = await startAcceptanceServer({
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 'client-secret-for-tests',
    });
  });
  afterAll(async () => {
    await server?.close();
    await withDiscord?.close();
  });

  const host = (s: AcceptanceServer) => new URL(s.url).host;

  it('on Linux for a Minecraft PIN lists exactly what the Java plan reads on Linux, and names the community and server', async () => {
    const pin = await server.t.createPin(server.owner.key, { type: 'Java' });
    const { code, text } = await prompt(['--server', server.url, '--pin', pin], machineOf('linux'));
    expect(code).toBe(3);
    expect(listed(text)).toEqual(disclosureFor('linux', scanPlanFor('Java')).map((item) => item.title));
    expect(listed(text)).toContain('Minecraft installations');
    expect(listed(text)).not.toContain('Windows Prefetch');
    expect(text).toContain("Owner's Enterprise asks you to scan this computer for a Java check.");
    expect(text).toContain(`the scanpin server ${host(server)}`);
    // This server has no Discord sign-in: the player is never told to prove an account.
    expect(text).not.toContain(DISCORD_PROOF_HINT);
    expect(text).not.toMatch(/Discord proof|sign(ing)? in with Discord/);
    // Nothing was started: the PIN waits for a player who agrees.
    const status = await server.t.api('GET', `/v1/pins/${pin}/status`, { key: server.owner.key });
    expect(status.json().status).toBe('pending');
  });

  it('on Windows for a FiveM PIN lists the Windows sources of its plan, and none of Minecraft’s', async () => {
    const pin = await server.t.createPin(server.owner.key, { type: 'FiveM' });
    const { code, text } = await prompt(
      ['--server', server.url, '--pin', pin, '--no-elevate'],
      machineOf('win32'),
    );
    expect(code).toBe(3);
    expect(listed(text)).toEqual(disclosureFor('win32', scanPlanFor('FiveM')).map((item) => item.title));
    expect(listed(text)).toEqual(expect.arrayContaining(['Windows Prefetch', 'Modules loaded in the game']));
    for (const javaOnly of ['Minecraft installations', 'Minecraft resource packs', 'The newest game log'])
      expect(listed(text)).not.toContain(javaOnly);
    expect(text).toContain("Owner's Enterprise asks you to scan this computer for a FiveM check.");
  });

  it('mentions the Discord proof when the server offers it', async () => {
    const pin = await withDiscord.t.createPin(withDiscord.owner.key, { type: 'Java' });
    const { code, text } = await prompt(['--server', withDiscord.url, '--pin', pin], machineOf('linux'));
    expect(code).toBe(3);
    expect(text).toContain(DISCORD_PROOF_HINT);
    expect(text).toContain(`the scanpin server ${host(withDiscord)}`);
  });

  it('refuses a wrong PIN before showing anything to agree to', async () => {
    const { code, text } = await prompt(['--server', server.url, '--pin', 'ZZZZZZZZ'], machineOf('linux'));
    expect(code).toBe(4);
    expect(text).toContain('That PIN does not exist');
    expect(text).not.toContain('This scan will collect:');
  });
});
