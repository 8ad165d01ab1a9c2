/*
 * Players proving their Discord account for a PIN before its scan, as the /scan page's form does
 * (docs/risk-score.md, "Whose scan it is"), against a local stand-in for Discord. Since provenance, a
 * scan whose accounts are only claimed is tied to nobody and skips the shared risk aggregates, so a
 * benchmark of links, hubs or the finish's full cost must prove its players first.
 */
import { startDiscordStandIn } from '../test/support/discord-stand-in.js';

const PROOF_COOKIE = 'scanpin_player_proof';

export interface PlayerProofs {
  /** The variables that point a server at the stand-in. */
  env: Record<string, string>;
  /** Registers the started server's address as a redirect, as the Discord application would. */
  serve(serverUrl: string): void;
  /** Proves `account` for the waiting PIN `pin`; throws unless it was recorded. */
  prove(pin: string, account: { id: string; username: string }): Promise<void>;
  close(): Promise<void>;
}

export async function playerProofs(): Promise<PlayerProofs> {
  const standIn = await startDiscordStandIn();
  let server = '';
  // The stand-in approves as whoever is set when it is asked: approvals take turns.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    env: standIn.clientEnv(),
    serve(serverUrl) {
      server = serverUrl;
      standIn.registerRedirect(serverUrl);
    },
    async prove(pin, account) {
      const leave = await fetch(`${server}/scan/discord`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server },
        body: `pin=${pin}`,
      });
      if (leave.status !== 303) throw new Error(`proof of ${pin}: /scan/discord answered ${leave.status}`);
      const cookie = (leave.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!cookie.startsWith(`${PROOF_COOKIE}=`)) throw new Error(`proof of ${pin}: no attempt cookie`);
      const approve = async () => {
        standIn.user = { ...account, global_name: null };
        return fetch(leave.headers.get('location') ?? '', { redirect: 'manual' });
      };
      const approving = turn.then(approve);
      turn = approving.catch(() => undefined);
      const back = new URL((await approving).headers.get('location') ?? '');
      const done = await fetch(`${server}${back.pathname}${back.search}`, { headers: { cookie } });
      if (done.status !== 200) throw new Error(`proof of ${pin}: the callback answered ${done.status}`);
    },
    close: () => standIn.close(),
  };
}
