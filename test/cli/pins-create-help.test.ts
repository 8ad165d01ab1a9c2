import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';

async function help(args: string[]) {
  const out: string[] = [];
  const code = await runCli([...args, '--help'], {
    out: (s) => out.push(s),
    err: () => {},
    progress: () => {},
  });
  return { code, out: out.join('\n') };
}

describe('scanpin pins create --help (docs/cli.md)', () => {
  it('offers no memory dump: no scanner makes one (docs/api.md, "PINs")', async () => {
    const res = await help(['pins', 'create']);
    expect(res.code).toBe(0);
    expect(res.out).toContain('--type <game>');
    expect(res.out).not.toMatch(/ram-dump|memory dump/i);
  });

  it('says what --private does: the PIN is hidden from the Enterprise, the scan still counts (docs/dashboard.md, "Who sees what")', async () => {
    const res = await help(['pins', 'create']);
    const text = res.out.replace(/\s+/g, ' ');
    expect(text).toContain(
      "--private only you see the PIN and its results in the dashboard, not your Enterprise's members (the scan still counts in the player's history)",
    );
    expect(text).not.toContain('out of shared player history');
  });
});
