/**
 * The one redaction of everything the scanner sends (docs/scan-client.md, "Redaction"): command lines
 * as they are built, and, just before the upload, every string of the finished evidence document
 * (memory strings and class names, log lines, paths, reasons). Launchers start Minecraft with
 * `--accessToken <JWT>`, proxies take `-Dhttp.proxyPassword=…`, and the JVM's whole command line sits
 * in its memory, so a string that merely contains a hint can carry a token. Generous on purpose: a
 * redacted harmless value costs nothing, a leaked token costs an account. What it must not touch is
 * detection evidence: class names (`net/wurstclient/…`), entry and file names, ordinary paths.
 */
export const REDACTED = '<redacted>';

/** Secret-like words found anywhere in a name, case-insensitive: `accessToken`, `-Dhttp.proxyPassword`. */
const SECRET_WORDS =
  /token|passw|passphrase|secret|session|credential|cookie|apikey|privatekey|accesskey|proxypass|authorization|bearer|xuid|clientid/;
/** Short words that are secret-like only as a whole part of a name (`proxyPass`, `api.key`), not in `bypass` or `keybind`. */
const SECRET_PARTS = new Set(['pass', 'pwd', 'key', 'auth']);

/** Is a flag or property name (`--proxyPass`, `-Dpassword`, `access_token`, `"clientToken"`) secret-like? */
export function isSecretName(raw: string): boolean {
  // `-Dname` is a JVM system property called `name`.
  const name = raw.replace(/^-D(?=[A-Za-z])/, '').replace(/^-+/, '');
  const lower = name.toLowerCase();
  if (SECRET_WORDS.test(lower.replace(/[._-]/g, ''))) return true;
  const parts = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s._-]+/);
  return parts.some((p) => SECRET_PARTS.has(p));
}

/**
 * A name, a separator and a value: `name=value`, `name: value`, `"name":"value"`, `--name value`.
 * The name is taken whole (no name character before it); the value is quoted or runs to a space, a
 * quote or a list separator. Only the name and separator are matched here: the value is matched at
 * its place only when the name is secret-like, so `user=token=abc` is read again from `token`.
 */
const NAME_AND_SEPARATOR = /(?<![A-Za-z0-9_.-])(["']?)(-{0,2}[A-Za-z][A-Za-z0-9_.-]*)\1(\s*[=:]\s*|\s+)/g;
/** A value: quoted (to the closing quote, or the end of a string cut short), or up to a space, quote or separator. */
const VALUE = /(?:(?:bearer|basic)\s+)?(?:"[^"]*"?|'[^']*'?|[^\s"'&,;]+)/iy;

function redactNamedValues(text: string): string {
  let out = '';
  let copied = 0;
  NAME_AND_SEPARATOR.lastIndex = 0;
  for (let m = NAME_AND_SEPARATOR.exec(text); m !== null; m = NAME_AND_SEPARATOR.exec(text)) {
    const name = m[2] as string;
    const valueAt = m.index + m[0].length;
    // A space-separated value belongs only to a flag (`--name value`), never to a plain word.
    const spaced = !/[=:]/.test(m[3] as string);
    if ((spaced && !name.startsWith('-')) || !isSecretName(name)) {
      NAME_AND_SEPARATOR.lastIndex = m.index + (m[1] as string).length + name.length || m.index + 1;
      continue;
    }
    VALUE.lastIndex = valueAt;
    const value = VALUE.exec(text);
    if (value === null) continue;
    const quote = /^(?:(?:bearer|basic)\s+)?(["'])/i.exec(value[0])?.[1] ?? '';
    const scheme = /^(bearer|basic)\s+/i.exec(value[0])?.[0] ?? '';
    out += `${text.slice(copied, valueAt)}${scheme}${quote}${REDACTED}${quote}`;
    copied = valueAt + value[0].length;
    NAME_AND_SEPARATOR.lastIndex = copied;
  }
  return out + text.slice(copied);
}

/** A JSON Web Token (`eyJ…` is base64 of `{"`), whole or cut short; or three dot-joined segments like a Discord token. */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*){0,2}/g;
const DOTTED_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,10}\.[A-Za-z0-9_-]{20,}/g;
/** `scheme://user:password@host` */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)[^\s/@]+@/gi;
/** `Bearer <token>` on its own. */
const BEARER = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/** Runs of base64url characters, judged one by one (`/` and `.` end a run, so class and file names split into parts). */
const RUN = /[A-Za-z0-9_-]{32,}/g;

const mixesClasses = (s: string) => /[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s);

/**
 * Does a run of 32 or more base64url characters look like a secret: all hexadecimal (a key, a hash
 * standing for a password), or mixing digits, upper and lower case as random tokens do? Words,
 * camel-case identifiers, UUIDs and Windows SIDs do not mix all three.
 */
export function looksLikeSecret(run: string): boolean {
  return run.length >= 32 && (/^[0-9a-fA-F]+$/.test(run) || mixesClasses(run));
}

function redactShapes(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(DOTTED_TOKEN, (t) => (mixesClasses(t) ? REDACTED : t))
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(RUN, (run) => (looksLikeSecret(run) ? REDACTED : run));
}

/** Strings without any of these cannot hold a secret the rules know: most class and entry names. */
const WORTH_A_LOOK = /[=:@]|(?:^|\s)-|[A-Za-z0-9_-]{20}|bearer|basic/i;

/** One string with every secret the rules know replaced by `<redacted>`. */
export function redactText(text: string): string {
  if (!WORTH_A_LOOK.test(text)) return text;
  return redactShapes(redactNamedValues(text));
}

/**
 * Fields that are not free text and hold no secret: the start answer's nonce (the server checks it
 * verbatim) and fingerprints (SHA-256, Amcache's SHA-1), which a hexadecimal run would otherwise match.
 */
const KEPT_FIELDS = new Set(['nonce', 'sha256', 'sha1', 'hash']);

/**
 * The shortest cap of a free-text field of the evidence document (a Discord user name). A redacted
 * string is never longer than the longer of this and its own length, so it stays within its cap.
 */
const SHORTEST_TEXT_CAP = 100;

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const out = redactText(value);
    return out.length <= value.length ? out : out.slice(0, Math.max(value.length, SHORTEST_TEXT_CAP));
  }
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      out[key] = KEPT_FIELDS.has(key) && typeof v === 'string' ? v : redactValue(v);
    return out;
  }
  return value;
}

/** A copy of the document about to be sent with every string redacted (see the top of this file). */
export function redactEvidence<T>(doc: T): T {
  return redactValue(doc) as T;
}

/** The arguments with every secret value replaced by `<redacted>`: a secret flag's next argument, and every argument's secrets. */
export function redactArguments(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (/^--?[A-Za-z][A-Za-z0-9_.-]*$/.test(arg) && isSecretName(arg) && i + 1 < args.length) {
      out.push(arg, REDACTED);
      i++;
      continue;
    }
    out.push(redactText(arg));
  }
  return out;
}

/** One command line, quoted where an argument has spaces. */
export function joinArguments(args: readonly string[]): string {
  return args.map((a) => (/[\s"]/.test(a) ? `"${a.replaceAll('"', '\\"')}"` : a)).join(' ');
}

/** `-javaagent:`, `-agentpath:`, `-agentlib:`, `-Xbootclasspath/a:` and similar: code loaded into the game. */
export function injectionArguments(args: readonly string[]): string[] {
  return args.filter((a) => /^-(javaagent|agentpath|agentlib|Xbootclasspath\/[ap]):/i.test(a));
}
