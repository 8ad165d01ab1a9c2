/**
 * One argument quoted so that Windows' own splitting (`CommandLineToArgvW` and the C runtime, which
 * Node uses) gives it back unchanged: Microsoft Learn, "Parsing C command-line arguments". Backslashes
 * are literal except before a double quote, where each pair stands for one backslash and an odd one
 * escapes the quote; so backslashes before a quote, and before the closing quote, are doubled.
 */
export function quoteWindowsArgument(argument: string): string {
  if (argument !== '' && !/[\s"]/.test(argument)) return argument;
  let out = '"';
  let backslashes = 0;
  for (const char of argument) {
    if (char === '\\') {
      backslashes++;
      continue;
    }
    if (char === '"') {
      out += `${'\\'.repeat(backslashes * 2 + 1)}"`;
    } else {
      out += `${'\\'.repeat(backslashes)}${char}`;
    }
    backslashes = 0;
  }
  return `${out}${'\\'.repeat(backslashes * 2)}"`;
}

export function windowsCommandLine(args: readonly string[]): string {
  return args.map(quoteWindowsArgument).join(' ');
}
