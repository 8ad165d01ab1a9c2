import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanWith } from './fixtures/acceptance.js';

/**
 * What the player reads around a scan (docs/scan-client.md, "For players"): the one-time Discord proof
 * link right after the start, only when the server offers one; and at the end, no verdict unless the
 * community's Enterprise shows it (`showResult`). A scripted scanner API stands in for the server, so
 * each answer is exactly what the test needs; the run is the scanner from source, the development client.
 */

const bin = 'packages/scanner/bin/scanpin-scan.js';
const PROOF_URL = 'https://scan.example.org/scan/proof/one-time-link-0123456789';

/** Per PIN: the start answer's `proof` (absent: an older server), and the upload answer's `showResult`. */
const SCRIPT: Record<string, { proof?: { url: string; expiresAt: string } | null; showResult?: boolean }> = {
  PRQVEAAA: { proof: { url: PROOF_URL, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
  NQPRQQFA: { proof: null },
  QLDSERVA: {},
  SHQWAAAA: { proof: null, showResult: true },
};

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

/**
 * The scanner on a terminal: util-linux's `script` (in Debian's essential bsdutils) gives it a pseudo-
 * terminal for its input and output; `onOutput` may answer through `type`.
 */
function onTerminal(
  args: string[],
  onOutput: (all: string, type: (text: string) => void) => void,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', ['node', bin, ...args].join(' '), '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const type = (text: string) => child.stdin.write(text);
    const collect = (c: Buffer) => {
      output += c.toString();
      onOutput(output, type);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

describe('what the scanner tells the player', () => {
  let server: Server;
  let url: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, at: Date.now() });
        const token = (req.headers.authorization ?? '').replace('Bearer ', '');
        if (req.url === '/v1/scanner/start') {
          const { pin } = JSON.parse(body) as { pin: string };
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              sessionToken: pin,
              nonce: 'nonce-0123456789',
              pin,
              type: 'Java',
              serverTime: new Date().toISOString(),
              plan: { sources: ['system'], hints: [] },
              ...('proof' in (SCRIPT[pin] ?? {}) ? { proof: SCRIPT[pin]?.proof } : {}),
            }),
          );
        } else if (req.url === '/v1/scanner/evidence') {
          const showResult = SCRIPT[token]?.showResult;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              result: 'legit',
              receipt: { id: 'rcpt_0123456789', counts: { sourcesCollected: 1 } },
              ...(showResult === undefined ? {} : { showResult }),
            }),
          );
        } else {
          res.writeHead(204);
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it('shows the Discord proof link right after the start, and does not wait for it without a terminal', async () => {
    const run = await scanWith('node', [bin, '--server', url, '--pin', 'PRQVEAAA', '--yes'], {});
    expect(run.code, run.stderr).toBe(0);
    const started = run.stderr.indexOf('Scan started for a Java check');
    const link = run.stderr.indexOf(
      `To make this scan count as yours in every community, open this link and sign in with Discord before the scan finishes: ${PROOF_URL}`,
    );
    expect(started).toBeGreaterThan(-1);
    expect(link).toBeGreaterThan(started);
    expect(link).toBeLessThan(run.stderr.indexOf('Reading system information'));
    // The old advice to sign in on the /scan page before the scan is gone.
    expect(run.stderr).not.toContain(`${url}/scan`);
    expect(run.stderr).not.toContain('Press Enter');
  });

  it('on a terminal, holds the upload for the Discord sign-in until the player presses Enter', async () => {
    let enterAt = 0;
    const run = await onTerminal(
      ['--server', url, '--pin', 'PRQVEAAA', '--yes', '--wait-seconds', '60'],
      (output, type) => {
        if (enterAt === 0 && output.includes('Press Enter')) {
          enterAt = Date.now() + 1_500;
          setTimeout(() => type('\r'), 1_500);
        }
      },
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(
      `If you have not signed in with Discord through the link above, do it now: ${PROOF_URL}`,
    );
    expect(run.output).toContain('Uploading in 1:00');
    const upload = seen.filter(
      (s) => s.path === '/v1/scanner/evidence' && s.headers.authorization === 'Bearer PRQVEAAA',
    );
    expect(upload.at(-1)?.at).toBeGreaterThanOrEqual(enterAt);
    expect(Date.now() - enterAt).toBeLessThan(30_000);
  });

  it('on a terminal, uploads at once when its input ends (Ctrl-D), as no one can press Enter then', async () => {
    const run = await onTerminal(
      ['--server', url, '--pin', 'PRQVEAAA', '--yes', '--wait-seconds', '60'],
      (output, type) => {
        if (output.includes('Press Enter') && !output.includes('96%')) type('\x04');
      },
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Receipt rcpt_0123456789');
  }, 30_000);

  it('on a terminal, uploads by itself when the wait for the sign-in runs out', async () => {
    let askedAt = 0;
    const run = await onTerminal(
      ['--server', url, '--pin', 'PRQVEAAA', '--yes', '--wait-seconds', '2'],
      (output) => {
        if (askedAt === 0 && output.includes('Press Enter')) askedAt = Date.now();
      },
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Uploading in 0:02');
    const upload = seen.filter(
      (s) => s.path === '/v1/scanner/evidence' && s.headers.authorization === 'Bearer PRQVEAAA',
    );
    expect((upload.at(-1)?.at ?? 0) - askedAt).toBeGreaterThanOrEqual(1_500);
  });

  it('says nothing about a Discord sign-in when the server offers no link', async () => {
    for (const pin of ['NQPRQQFA', 'QLDSERVA']) {
      const run = await scanWith('node', [bin, '--server', url, '--pin', pin, '--yes'], {});
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/sign in with Discord|Discord sign-in/);
      expect(run.stderr).not.toContain(`${url}/scan`);
    }
  });

  it('prints no verdict, in words or in --json, unless the Enterprise shows it', async () => {
    const plain = await scanWith('node', [bin, '--server', url, '--pin', 'NQPRQQFA', '--yes'], {});
    expect(plain.stdout).toContain('Receipt rcpt_0123456789');
    expect(plain.stdout).toContain("The scan is complete. The community's staff have the result.");
    expect(plain.stdout).not.toMatch(/Verdict|legit/);

    const json = await scanWith('node', [bin, '--server', url, '--pin', 'NQPRQQFA', '--yes', '--json'], {});
    const printed = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(Object.keys(printed).sort()).toEqual(['evidence', 'receipt']);
    expect(json.stderr).not.toMatch(/Verdict|legit/);

    const shown = await scanWith('node', [bin, '--server', url, '--pin', 'SHQWAAAA', '--yes'], {});
    expect(shown.stdout).toContain("Verdict: legit. The community's staff have the full result.");
    const shownJson = await scanWith(
      'node',
      [bin, '--server', url, '--pin', 'SHQWAAAA', '--yes', '--json'],
      {},
    );
    expect(JSON.parse(shownJson.stdout).result).toBe('legit');
  });

  it('runs from source as the development client on every call', () => {
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) {
      expect(s.headers['scanpin-client'], s.path).toBe('development');
      expect(s.headers['scanpin-signature']).toBeUndefined();
    }
  });
});
