/*
 * `npm run bench:cpu -- [scans] [seconds] [endpoint]`: the server's CPU time per answered request for
 * each read, next to the bare-Fastify baseline's, read from /proc while autocannon (this process)
 * polls. CPU per request is what an A/B of a hot-path change needs on a shared machine: unlike
 * requests per second it hardly moves when other work takes the cores (docs/benchmarks.md, "Method").
 */
import { Api } from './api.js';
import { warmAndMeasure } from './load.js';
import { Population } from './population.js';
import { type Running, startBaseline, startServer } from './processes.js';
import { seedTo, setUp } from './seed.js';
import { openBenchStore } from './stores.js';

const scans = Number(process.argv[2] ?? 1000);
const seconds = Number(process.argv[3] ?? 5);
const only = process.argv[4];

const store = await openBenchStore('sqlite');
try {
  const now = Date.now();
  const fixture = await setUp(store.env, { streamKeys: 0, creators: 0 }, now);
  const population = new Population(now);
  await seedTo(store.env, population, fixture, scans);
  const server = await startServer(store.env);
  const baseline = await startBaseline();
  try {
    const api = new Api(server.url, fixture.key);
    const pending = await api.createPin();
    const { finishedPin, discordId } = fixture.hot;
    const auth = { 'x-api-key': fixture.key };
    const rows: Array<[string, Running, string, Record<string, string>]> = [
      ['baseline', baseline, '/', {}],
      ['status, pending', server, `/v1/pins/${pending}/status`, auth],
      ['status, finished', server, `/v1/pins/${finishedPin}/status`, auth],
      ['results', server, `/v1/pins/${finishedPin}/results`, auth],
      ['risk score', server, `/v1/users/${discordId}/risk-score`, auth],
      ['lookup', server, `/v1/scanned-users/lookup/${discordId}`, auth],
    ];
    let base = 0;
    for (const [name, target, path, headers] of rows) {
      if (only && name !== 'baseline' && !name.startsWith(only)) continue;
      const before = target.cpuMs();
      const t0 = performance.now();
      const figure = await warmAndMeasure(target.url, { path, headers }, seconds);
      const wall = (performance.now() - t0) / 1000;
      const cpu = target.cpuMs() - before;
      // The warm-up's requests are not counted by autocannon; estimate them at the measured rate.
      const requests = figure.rps * wall;
      const us = (cpu * 1000) / requests;
      if (name === 'baseline') base = us;
      console.log(
        `${name.padEnd(18)} ${figure.rps.toFixed(0).padStart(7)} req/s  ${us.toFixed(1).padStart(6)} µs CPU/req  ×${(base / us).toFixed(2)}`,
      );
    }
  } finally {
    await server.stop();
    await baseline.stop();
  }
} finally {
  await store.dispose();
}
