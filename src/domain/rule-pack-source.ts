import { MAX_WEBHOOK_URL_LENGTH, type UrlShape } from './webhook-url.js';

/**
 * Pack URLs the server polls (docs/rules.md, "Subscribing to a pack URL"): which URLs may be
 * subscribed to, and what a check of one found. The addresses a fetch may reach are the webhooks'
 * (domain/webhook-url.ts): never a private, loopback or otherwise special-purpose one.
 */

/**
 * A pack is read whole: the operator API takes no larger pack body either. The largest pack the
 * format allows (RULE_PACK_MAX_RULES rules, every field at its longest in three-byte UTF-8
 * characters, every game) is 17.4 MiB as `scanpin rules pack export` writes it and 18.1 MiB indented
 * by four spaces; 20 MiB takes either (test/http/rule-packs.test.ts builds it).
 */
export const RULE_PACK_MAX_BYTES = 20 * 1024 * 1024;

/** A fetch that has not answered in full within this is a failed check. */
export const RULE_PACK_FETCH_TIMEOUT_MS = 30_000;

/**
 * What the last check of a source found: `created` / `updated` (a new pack or version was imported),
 * `unchanged` (the version this server holds, same rules), `not-modified` (the URL answered 304, or
 * served the very bytes of the last successful check), `failed` (see its error; nothing imported).
 */
export const SOURCE_STATUSES = ['created', 'updated', 'unchanged', 'not-modified', 'failed'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/**
 * https only (http when the operator allows it, for a test receiver), no user name or password (the
 * URL is listed to operators and a credential would sit in the store), no #fragment (never sent).
 * Its host is checked against the address rules separately (lib/webhook-transport.ts).
 */
export function checkPackUrlShape(raw: string, options: { allowHttp: boolean }): UrlShape {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    return { ok: false, reason: `The URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      ok: false,
      reason: 'The URL is not an absolute URL such as https://community.example/packs/clients.json.',
    };
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
    return {
      ok: false,
      reason: options.allowHttp
        ? 'The URL must start with https:// or http://.'
        : 'The URL must use https:// (plain http is refused on this server): a pack fetched in the clear can be withheld or replaced by an older signed version on the way.',
    };
  if (url.username !== '' || url.password !== '')
    return {
      ok: false,
      reason:
        'Put no user name or password in the URL: a pack is public, and its signature is what is trusted.',
    };
  if (url.hash !== '')
    return { ok: false, reason: 'The URL must not have a #fragment: it is never sent to the server.' };
  if (url.hostname === '') return { ok: false, reason: 'The URL has no host name.' };
  return { ok: true, url };
}

/** When a source is next due: a whole interval after its last check, whatever that check found. */
export function nextCheckAt(checkedAt: number, pollSeconds: number): number {
  return checkedAt + pollSeconds * 1_000;
}
