/**
 * Command lines are uploaded with their secrets replaced (docs/scan-client.md, "What is collected"):
 * launchers start Minecraft with `--accessToken <token>`, some pass tokens as `-Dsomething.token=…` or
 * `token=…`. Generous on purpose: a redacted harmless value costs nothing, a leaked token costs an
 * account.
 */
export const REDACTED = '<redacted>';

/** Flags whose next argument is a secret. */
const SECRET_FLAGS =
  /^--?(access[-_]?token|accesstoken|session|session[-_]?id|password|passwd|pass|token|auth[-_]?token|client[-_]?token|refresh[-_]?token|xuid|clientid|client[-_]?id|uuid[-_]?token|api[-_]?key|secret)$/i;

/** `name=value` pairs whose value is a secret, in any argument (`-Dfml.token=…`, `--token=…`). */
const SECRET_ASSIGNMENT =
  /((?:^|[.\-_])(?:access[-_]?token|accesstoken|token|password|passwd|session(?:[-_]?id)?|secret|api[-_]?key|auth)=)[^\s"]*/gi;

/** The arguments with every secret value replaced by `<redacted>`. */
export function redactArguments(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (SECRET_FLAGS.test(arg) && i + 1 < args.length) {
      out.push(arg, REDACTED);
      i++;
      continue;
    }
    out.push(arg.replace(SECRET_ASSIGNMENT, `$1${REDACTED}`));
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
