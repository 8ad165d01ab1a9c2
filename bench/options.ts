/** Command-line flags of `npm run bench` (docs/benchmarks.md, "Running it"). */

export type StoreName = 'sqlite' | 'postgres';

export interface Options {
  quick: boolean;
  stores: StoreName[];
  sizes: number[];
  /** Seconds per measured endpoint. */
  seconds: number;
  streams: number;
  webhookEvents: number;
  write: boolean;
  /** Only the read endpoints (baseline, status, results, risk score, lookup): the fast loop while optimizing. */
  readsOnly: boolean;
  /**
   * Only whole scans (`--only whole-scans`): no baseline, reads, streams or webhooks, and nothing
   * written; the fast loop for the write path. Its figures are for A/B comparisons, not the report.
   */
  wholeScansOnly: boolean;
  /**
   * Only the signature cost (`--only signatures`): whole scans signed and unsigned in alternating
   * rounds, and the check alone; prints, never writes. The fast loop for the signed-call path.
   */
  signaturesOnly: boolean;
  /** Measure dist/ as it is (already built with `tsc -p tsconfig.build.json`). */
  build: boolean;
}

const USAGE = `npm run bench [-- options]
  --quick              1 000 scans, short runs (under 2 minutes)
  --store NAME         sqlite or postgres (default: sqlite, and postgres when SCANPIN_TEST_PG_URL is set)
  --sizes A,B,...      stored scans to measure at (default 10000,1000000)
  --seconds N          seconds per measured endpoint (default 8, quick 2)
  --streams N          event streams to hold (default 10000, quick 1000)
  --webhooks N         webhook deliveries to time (default 500, quick 100)
  --reads-only         only baseline, status, results, risk score and lookup
  --only whole-scans   only whole scans (create, start, proof, 5 progress, finish); prints, never writes
  --only signatures    only the signature cost (whole scans signed and unsigned); prints, never writes
  --no-build           measure dist/ as it is, without running tsc first
  --no-write           print only; leave docs/benchmarks.md as it is`;

export function parseOptions(argv: readonly string[]): Options {
  const args = [...argv];
  const value = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i === -1 ? undefined : args[i + 1];
  };
  if (args.includes('--help')) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = args.includes('--quick');
  const number = (flag: string, fallback: number) => {
    const raw = value(flag);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} takes a positive number\n${USAGE}`);
    return n;
  };
  const store = value('--store');
  if (store !== undefined && store !== 'sqlite' && store !== 'postgres') throw new Error(USAGE);
  if (store === 'postgres' && !process.env.SCANPIN_TEST_PG_URL) {
    throw new Error(
      '--store postgres needs SCANPIN_TEST_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
  const stores: StoreName[] =
    store !== undefined ? [store] : process.env.SCANPIN_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const sizes = (value('--sizes') ?? (quick ? '1000' : '10000,1000000'))
    .split(',')
    .map((s) => Number(s.replaceAll('_', '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--sizes takes whole numbers\n${USAGE}`);
  const only = value('--only');
  if (only !== undefined && only !== 'whole-scans' && only !== 'signatures')
    throw new Error(`--only takes whole-scans or signatures\n${USAGE}`);
  const wholeScansOnly = only === 'whole-scans';
  const signaturesOnly = only === 'signatures';
  return {
    quick,
    stores,
    sizes: [...sizes].sort((a, b) => a - b),
    seconds: number('--seconds', quick ? 2 : 8),
    streams: number('--streams', quick ? 1000 : 10_000),
    webhookEvents: number('--webhooks', quick ? 100 : 500),
    write: !args.includes('--no-write') && !wholeScansOnly && !signaturesOnly,
    readsOnly: args.includes('--reads-only'),
    wholeScansOnly,
    signaturesOnly,
    build: !args.includes('--no-build'),
  };
}
