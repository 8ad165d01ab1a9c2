import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Discord's OAuth2 authorization server (docs/dashboard.md, "Signing in"), as
 * strict as Discord about what a client sends, so a broken client fails the tests:
 *
 * - GET  /oauth2/authorize: checks response_type=code, the client ID, scope `identify`, a registered
 *   redirect_uri, a state and an S256 code challenge (a missing or `plain` challenge is refused), then
 *   "approves" as the configured user (or denies) by redirecting to redirect_uri with code+state (or
 *   error=access_denied+state). A malformed request gets a 400 page, as Discord shows, not a redirect.
 * - POST /api/v10/oauth2/token: form-encoded only; client credentials (body or Basic) or 401
 *   invalid_client; grant_type=authorization_code; the code must be known, unspent, under 10 minutes
 *   old and issued to this client; redirect_uri must equal the authorize request's; code_verifier must
 *   be 43-128 unreserved characters whose S256 is the challenge. Anything wrong is 400 invalid_grant,
 *   and a code is spent by its first exchange attempt, right or wrong.
 * - GET  /api/v10/users/@me: `Authorization: Bearer <access token>` it issued, or 401.
 */

export interface StandInUser {
  id: string;
  username: string;
  global_name: string | null;
}

/** How the token or user endpoint misbehaves, to test that the server copes (discord_unavailable). */
export type Breakage = 'none' | 'status500' | 'garbage' | 'html' | 'no_token' | 'close';

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  user: StandInUser;
  issuedAt: number;
  spent: boolean;
}

export interface TokenRequest {
  contentType: string | undefined;
  form: Record<string, string>;
  /** What the stand-in answered. */
  status: number;
  error: string | null;
}

export interface DiscordStandIn {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  authorizeUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The variables that point a scanpin server at this stand-in (its PUBLIC_URL must be `publicUrl`). */
  env(publicUrl: string): Record<string, string>;
  /** The same without PUBLIC_URL, for a server whose address is known only once it listens. */
  clientEnv(): Record<string, string>;
  /** Registers the sign-in and player-proof callbacks of `publicUrl` as redirects, as the Discord application would. */
  registerRedirect(publicUrl: string): void;
  /** Who "signs in" on the next approval. */
  user: StandInUser;
  /** The next authorization is refused by the person (error=access_denied). */
  deny: boolean;
  tokenBreakage: Breakage;
  userBreakage: Breakage;
  /** Every token request, in order, for assertions. */
  tokenRequests: TokenRequest[];
  /** Access tokens issued (so tests can check none reached a log or a response). */
  issuedTokens: string[];
  /** Codes issued. */
  issuedCodes: string[];
  /** The query of every authorization request, in order. */
  authorizeRequests: URLSearchParams[];
  /** Registered redirect URIs; set by env(). */
  redirectUris: Set<string>;
  reset(): void;
  close(): Promise<void>;
}

const CODE_TTL_MS = 10 * 60_000;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const random = () => randomBytes(24).toString('base64url');

/** Misbehaves as asked; true when it did (the caller then stops). */
function misbehave(breakage: Breakage, res: ServerResponse): boolean {
  switch (breakage) {
    case 'none':
      return false;
    case 'status500':
      send(res, 500, { message: '500: Internal Server Error', code: 0 });
      return true;
    case 'garbage':
      send(res, 200, '{"access_token": ', 'application/json');
      return true;
    case 'html':
      send(res, 200, '<html><body>Cloudflare says hello</body></html>', 'text/html');
      return true;
    case 'no_token':
      send(res, 200, { token_type: 'Bearer', expires_in: 604800 });
      return true;
    case 'close':
      res.socket?.destroy();
      return true;
  }
}

export async function startDiscordStandIn(
  options: { clientId?: string; clientSecret?: string; user?: StandInUser } = {},
): Promise<DiscordStandIn> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, StandInUser>();
  const defaultUser: StandInUser = options.user ?? {
    id: '304958172634051234',
    username: 'standin_user',
    global_name: 'Stand-in User',
  };

  const state: Omit<
    DiscordStandIn,
    'origin' | 'authorizeUrl' | 'apiUrl' | 'env' | 'clientEnv' | 'registerRedirect' | 'reset' | 'close'
  > = {
    clientId: options.clientId ?? '1100000000000000001',
    clientSecret: options.clientSecret ?? `stand-in-secret-${random()}`,
    user: { ...defaultUser },
    deny: false,
    tokenBreakage: 'none',
    userBreakage: 'none',
    tokenRequests: [],
    issuedTokens: [],
    issuedCodes: [],
    authorizeRequests: [],
    redirectUris: new Set(),
  };

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    state.authorizeRequests.push(new URLSearchParams(q));
    const redirectUri = q.get('redirect_uri') ?? '';
    const problems: string[] = [];
    if (q.get('response_type') !== 'code') problems.push('response_type must be code');
    if (q.get('client_id') !== state.clientId) problems.push('unknown client_id');
    if (!(q.get('scope') ?? '').split(' ').includes('identify')) problems.push('scope must include identify');
    if (!state.redirectUris.has(redirectUri)) problems.push('redirect_uri is not registered');
    if (!q.get('state')) problems.push('state is missing');
    if (q.get('code_challenge_method') !== 'S256') problems.push('code_challenge_method must be S256');
    if (!/^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? ''))
      problems.push('code_challenge is malformed');
    if (problems.length > 0) {
      send(res, 400, `Invalid OAuth2 request: ${problems.join('; ')}`, 'text/plain');
      return;
    }

    const back = new URL(redirectUri);
    if (state.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request',
      );
    } else {
      const code = random();
      codes.set(code, {
        clientId: state.clientId,
        redirectUri,
        challenge: q.get('code_challenge') ?? '',
        user: { ...state.user },
        issuedAt: Date.now(),
        spent: false,
      });
      state.issuedCodes.push(code);
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const contentType = req.headers['content-type'];
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const record: TokenRequest = { contentType, form, status: 0, error: null };
    state.tokenRequests.push(record);
    const answer = (status: number, error: string | null, body: unknown) => {
      record.status = status;
      record.error = error;
      send(res, status, body);
    };
    if (!contentType?.startsWith('application/x-www-form-urlencoded'))
      return answer(400, 'invalid_request', { error: 'invalid_request' });

    let clientId = form.client_id;
    let secret = form.client_secret;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, pass] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    if (clientId !== state.clientId || secret !== state.clientSecret)
      return answer(401, 'invalid_client', { error: 'invalid_client' });
    if (misbehave(state.tokenBreakage, res)) {
      record.status = -1;
      return;
    }
    if (form.grant_type !== 'authorization_code')
      return answer(400, 'unsupported_grant_type', { error: 'unsupported_grant_type' });

    const issued = form.code === undefined ? undefined : codes.get(form.code);
    const grantProblem = (() => {
      if (issued === undefined) return 'unknown code';
      if (issued.spent) return 'code already spent';
      if (Date.now() - issued.issuedAt > CODE_TTL_MS) return 'code expired';
      if (issued.clientId !== clientId) return 'code issued to another client';
      if (form.redirect_uri !== issued.redirectUri)
        return 'redirect_uri differs from the authorization request';
      if (form.code_verifier === undefined || !VERIFIER.test(form.code_verifier))
        return 'code_verifier malformed';
      if (s256(form.code_verifier) !== issued.challenge) return 'code_verifier does not match the challenge';
      return null;
    })();
    if (issued !== undefined) issued.spent = true;
    if (grantProblem !== null || issued === undefined)
      return answer(400, 'invalid_grant', { error: 'invalid_grant', error_description: grantProblem });

    const accessToken = random();
    tokens.set(accessToken, issued.user);
    state.issuedTokens.push(accessToken);
    return answer(200, null, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: random(),
      scope: 'identify',
    });
  }

  function me(req: IncomingMessage, res: ServerResponse): void {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const user = bearer === undefined ? undefined : tokens.get(bearer);
    if (user === undefined) {
      send(res, 401, { message: '401: Unauthorized', code: 0 });
      return;
    }
    if (misbehave(state.userBreakage, res)) return;
    send(res, 200, {
      id: user.id,
      username: user.username,
      global_name: user.global_name,
      avatar: null,
      discriminator: '0',
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
      banner_color: null,
      mfa_enabled: false,
      locale: 'en-GB',
      premium_type: 0,
    });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /oauth2/authorize') return authorize(url, res);
    if (route === 'POST /api/v10/oauth2/token') {
      token(req, res).catch(() => send(res, 500, { message: 'stand-in failure' }));
      return;
    }
    if (route === 'GET /api/v10/users/@me') return me(req, res);
    send(res, 404, { message: '404: Not Found', code: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const standIn: DiscordStandIn = Object.assign(state, {
    origin,
    authorizeUrl: `${origin}/oauth2/authorize`,
    apiUrl: `${origin}/api/v10`,
    env(publicUrl: string) {
      standIn.registerRedirect(publicUrl);
      return { PUBLIC_URL: publicUrl, ...standIn.clientEnv() };
    },
    clientEnv() {
      return {
        DISCORD_CLIENT_ID: state.clientId,
        DISCORD_CLIENT_SECRET: state.clientSecret,
        DISCORD_AUTHORIZE_URL: `${origin}/oauth2/authorize`,
        DISCORD_API_URL: `${origin}/api/v10`,
      };
    },
    registerRedirect(publicUrl: string) {
      const base = publicUrl.replace(/\/+$/, '');
      state.redirectUris.add(`${base}/auth/discord/callback`);
      // A player proving their account before a scan comes back here (docs/risk-score.md).
      state.redirectUris.add(`${base}/scan/discord/callback`);
    },
    reset() {
      state.user = { ...defaultUser };
      state.deny = false;
      state.tokenBreakage = 'none';
      state.userBreakage = 'none';
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return standIn;
}
