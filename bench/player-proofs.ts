/*
 * Players proving their Discord account for a running scan through the one-time link the scanner
 * shows after its start (docs/risk-score.md, "Whose scan it is"), against a local stand-in for
 * Discord. A scan whose accounts are only claimed is tied to nobody and skips the shared risk
 * aggregates, so a benchmark of links, hubs or the finish's full cost must prove its players, after
 * the start and before the upload, as a player does.
 */
import { startDiscordStandIn } from '../test/support/discord-stand-in.js';

const PROOF_COOKIE = 'scanpin_player_proof';

export interface PlayerProofs {
  /** The variables that point a server at the stand-in. */
  env: Record<string, string>;
  /** Registers the started server's address as a redirect, as the Discord application would. */
  serve(serverUrl: string): void;
  /**
   * Proves `account` through `link`, the start answer's `proof.url`: the link's page, its form, Discord
   * (the stand-in) and the callback. Throws unless the proof was recorded.
   */
  prove(link: string, account: { id: string; username: string }): Promise<void>;
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
    async prove(link, account) {
      // The link's last path segment is its token, which the page's form sends on.
      const { pathname } = new URL(link);
      const token = pathname.split('/').pop() ?? '';
      const who = `proof of ${account.id}`;
      const page = await fetch(`${server}${pathname}`);
      await page.arrayBuffer();
      if (page.status !== 200) throw new Error(`${who}: the link's page answered ${page.status}`);
      const leave = await fetch(`${server}/scan/discord`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server },
        body: `token=${token}`,
      });
      await leave.arrayBuffer();
      if (leave.status !== 303) throw new Error(`${who}: /scan/discord answered ${leave.status}`);
      const cookie = (leave.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!cookie.startsWith(`${PROOF_COOKIE}=`)) throw new Error(`${who}: no attempt cookie`);
      const approve = async () => {
        standIn.user = { ...account, global_name: null };
        const answer = await fetch(leave.headers.get('location') ?? '', { redirect: 'manual' });
        await answer.arrayBuffer();
        return answer;
      };
      const approving = turn.then(approve);
      turn = approving.catch(() => undefined);
      const back = new URL((await approving).headers.get('location') ?? '');
      const done = await fetch(`${server}${back.pathname}${back.search}`, { headers: { cookie } });
      await done.arrayBuffer();
      if (done.status !== 200) throw new Error(`${who}: the callback answered ${done.status}`);
    },
    close: () => standIn.close(),
  };
}
