import { isDiscordId } from '../domain/discord-id.js';
import type { DiscordUser } from '../domain/discord-sign-in.js';

/**
 * Discord's OAuth2 authorization-code flow, as a client (docs/dashboard.md, "Signing in"): the
 * address the browser is sent to, the code-for-token exchange and reading who signed in. Answers are
 * checked, never trusted: anything unexpected is a failure with a reason for the log, and the reason
 * never quotes a code, a token or the client secret.
 */

export interface DiscordClient {
  clientId: string;
  clientSecret: string;
  /** e.g. https://discord.com/oauth2/authorize */
  authorizeUrl: string;
  /** e.g. https://discord.com/api/v10; the token is at `${apiUrl}/oauth2/token`, the user at `/users/@me`. */
  apiUrl: string;
  /** Must be one of the redirects registered for the application, character for character. */
  redirectUri: string;
}

export type DiscordAnswer<T> =
  | { ok: true; value: T }
  /** `invalid_grant`: Discord refused the code (spent, expired, or not for this verifier). */
  | { ok: false; kind: 'invalid_grant' | 'unavailable'; reason: string };

/** Discord answers in well under a second; a sign-in page should not hang on it. */
const TIMEOUT_MS = 10_000;
/** Token and user answers are a few hundred bytes; a larger one is not Discord's. */
const MAX_ANSWER_CHARS = 64 * 1024;

export function authorizeUrl(
  client: DiscordClient,
  input: {
    state: string;
    codeChallenge: string;
    /** Always show Discord's consent page, even to someone who authorised the application before. */
    consent?: boolean;
  },
): string {
  const url = new URL(client.authorizeUrl);
  url.search = new URLSearchParams({
    ...(input.consent ? { prompt: 'consent' } : {}),
    response_type: 'code',
    client_id: client.clientId,
    scope: 'identify',
    redirect_uri: client.redirectUri,
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

function endpoint(client: DiscordClient, path: string): string {
  return `${client.apiUrl.replace(/\/+$/, '')}${path}`;
}

function failed(err: unknown): { ok: false; kind: 'unavailable'; reason: string } {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return { ok: false, kind: 'unavailable', reason: 'no answer within the time limit' };
  const code = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
  return { ok: false, kind: 'unavailable', reason: `the request failed${code}` };
}

/** The body as JSON, or undefined when it is not a JSON object of reasonable size. */
async function jsonObjectOf(res: Response): Promise<Record<string, unknown> | undefined> {
  const text = await res.text();
  if (text.length > MAX_ANSWER_CHARS) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** An OAuth error code is a short identifier; anything else is not repeated in the log. */
function oauthErrorOf(body: Record<string, unknown> | undefined): string | undefined {
  const error = body?.error;
  return typeof error === 'string' && /^[a-z_]{1,40}$/.test(error) ? error : undefined;
}

/** Trades the code for an access token, proving with the verifier that this browser asked for it. */
export async function exchangeCode(
  client: DiscordClient,
  input: { code: string; codeVerifier: string },
): Promise<DiscordAnswer<{ accessToken: string }>> {
  let res: Response;
  let body: Record<string, unknown> | undefined;
  try {
    res = await fetch(endpoint(client, '/oauth2/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: client.redirectUri,
        code_verifier: input.codeVerifier,
      }),
      // A redirect would carry the client secret somewhere else; Discord never sends one here.
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await jsonObjectOf(res);
  } catch (err) {
    return failed(err);
  }
  if (!res.ok) {
    const error = oauthErrorOf(body);
    if (res.status === 400 && error === 'invalid_grant')
      return {
        ok: false,
        kind: 'invalid_grant',
        reason: 'the token endpoint refused the code (invalid_grant)',
      };
    return {
      ok: false,
      kind: 'unavailable',
      reason: `the token endpoint answered ${res.status}${error ? ` (${error})` : ''}`,
    };
  }
  const token = body?.access_token;
  const type = body?.token_type;
  if (
    typeof token !== 'string' ||
    token === '' ||
    typeof type !== 'string' ||
    type.toLowerCase() !== 'bearer'
  )
    return { ok: false, kind: 'unavailable', reason: 'the token endpoint answered without a bearer token' };
  return { ok: true, value: { accessToken: token } };
}

/** Who signed in: the one use of the access token, which is then forgotten. */
export async function readUser(
  client: DiscordClient,
  accessToken: string,
): Promise<DiscordAnswer<DiscordUser>> {
  let res: Response;
  let body: Record<string, unknown> | undefined;
  try {
    res = await fetch(endpoint(client, '/users/@me'), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await jsonObjectOf(res);
  } catch (err) {
    return failed(err);
  }
  if (!res.ok) return { ok: false, kind: 'unavailable', reason: `the user endpoint answered ${res.status}` };
  const id = body?.id;
  const username = body?.username;
  const globalName = body?.global_name;
  if (
    typeof id !== 'string' ||
    !isDiscordId(id) ||
    typeof username !== 'string' ||
    (globalName !== undefined && globalName !== null && typeof globalName !== 'string')
  )
    return { ok: false, kind: 'unavailable', reason: 'the user endpoint answered without a valid user' };
  return { ok: true, value: { id, username, globalName: globalName ?? null } };
}
