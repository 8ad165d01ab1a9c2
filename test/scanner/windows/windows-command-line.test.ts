import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  quoteWindowsArgument,
  windowsCommandLine,
} from '../../../packages/scanner/src/cli/windows-command-line.js';

/**
 * The arguments the scanner passes to its elevated copy are split again by Windows' C runtime. The
 * splitting rules of Microsoft Learn's "Parsing C command-line arguments" are written out here as the
 * oracle (for arguments after the program name): whitespace separates arguments outside quotes; `"`
 * toggles quoting; 2n backslashes before `"` give n backslashes and the quote acts, 2n+1 give n and
 * a literal `"`; other backslashes are literal; `""` inside quotes gives a literal `"`.
 */
function splitLikeTheCRuntime(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i >= line.length) break;
    let arg = '';
    let quoted = false;
    for (; i < line.length; i++) {
      const c = line[i] as string;
      if (!quoted && (c === ' ' || c === '\t')) break;
      if (c === '\\') {
        let n = 0;
        while (line[i] === '\\') {
          n++;
          i++;
        }
        if (line[i] === '"') {
          arg += '\\'.repeat(Math.floor(n / 2));
          if (n % 2 === 1) arg += '"';
          else i--;
          if (n % 2 === 1) continue;
          continue;
        }
        arg += '\\'.repeat(n);
        i--;
        continue;
      }
      if (c === '"') {
        if (quoted && line[i + 1] === '"') {
          arg += '"';
          i++;
          continue;
        }
        quoted = !quoted;
        continue;
      }
      arg += c;
    }
    out.push(arg);
  }
  return out;
}

describe('Windows command line', () => {
  it('quotes only what needs it', () => {
    expect(quoteWindowsArgument('--pin')).toBe('--pin');
    expect(quoteWindowsArgument('')).toBe('""');
    expect(quoteWindowsArgument('C:\\Program Files\\x')).toBe('"C:\\Program Files\\x"');
    expect(quoteWindowsArgument('C:\\dir with space\\')).toBe('"C:\\dir with space\\\\"');
    expect(quoteWindowsArgument('say "hi"')).toBe('"say \\"hi\\""');
    expect(windowsCommandLine(['--server', 'https://a.example', '--pin', 'ABCD1234'])).toBe(
      '--server https://a.example --pin ABCD1234',
    );
  });

  it('splits back into the same arguments (Microsoft’s documented rules)', () => {
    const chars = fc.constantFrom('a', 'Z', ' ', '\t', '"', '\\', '-', ':', 'é', '/');
    fc.assert(
      fc.property(fc.array(fc.string({ unit: chars, maxLength: 12 }), { maxLength: 6 }), (args) => {
        expect(splitLikeTheCRuntime(windowsCommandLine(args))).toEqual(args);
      }),
      { numRuns: 2000 },
    );
  });
});
