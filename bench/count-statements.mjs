/*
 * Loaded into the benchmark's server with `--import` when BENCH_COUNT_STATEMENTS is set: counts the
 * SQL statements the server sends (better-sqlite3 runs, PostgreSQL queries), by their first word, and
 * writes the counts as JSON to the file named by BENCH_COUNT_STATEMENTS on SIGWINCH (a signal
 * the server's graceful shutdown does not listen to). Measurement only.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const out = process.env.BENCH_COUNT_STATEMENTS;
const counts = {};
/** By the statement's whole text too, for reading by hand. */
const texts = {};
/** Microseconds spent in each statement's text (the call into SQLite or until pg's answer). */
const micros = {};
const time = (text, started) => {
  micros[text] = (micros[text] ?? 0) + Number(process.hrtime.bigint() - started) / 1000;
};
const count = (text) => {
  const word = /^\s*(\w+)/.exec(String(text))?.[1]?.toLowerCase() ?? '?';
  counts[word] = (counts[word] ?? 0) + 1;
  texts[text] = (texts[text] ?? 0) + 1;
};
const require = createRequire(join(process.cwd(), 'package.json'));

const Sqlite = require('better-sqlite3');
const probe = new Sqlite(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = Statement[method];
  Statement[method] = function (...args) {
    count(this.source);
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      time(this.source, started);
    }
  };
}
for (const method of ['exec', 'pragma']) {
  const original = Sqlite.prototype[method];
  Sqlite.prototype[method] = function (text, ...args) {
    const name = method === 'pragma' ? 'pragma' : text;
    count(name);
    const started = process.hrtime.bigint();
    try {
      return original.call(this, text, ...args);
    } finally {
      time(name, started);
    }
  };
}

const pg = require('pg');
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...args) {
  count(typeof config === 'string' ? config : config?.text);
  return query.call(this, config, ...args);
};

process.on('SIGWINCH', () => {
  writeFileSync(out, JSON.stringify(counts));
  writeFileSync(`${out}.texts`, JSON.stringify(texts, null, 1));
  writeFileSync(`${out}.micros`, JSON.stringify(micros, null, 1));
});
