import { describe, expect, it } from 'vitest';
import { storeFaultOf } from '../../src/storage/errors.js';

/** Which driver errors are the store's fault (a retryable 503) and which stay bugs (a 500). */
describe('storeFaultOf', () => {
  const error = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['SQLite disk full', error('SQLITE_FULL'), 'cannot_write'],
    ['SQLite read-only file', error('SQLITE_READONLY'), 'cannot_write'],
    ['SQLite I/O error (extended code)', error('SQLITE_IOERR_WRITE'), 'cannot_write'],
    ['SQLite busy past busy_timeout', error('SQLITE_BUSY'), 'cannot_write'],
    ['PostgreSQL refused the connection', error('ECONNREFUSED'), 'unreachable'],
    ['PostgreSQL shutting down (57P01)', error('57P01'), 'unreachable'],
    ['PostgreSQL starting up (57P03)', error('57P03'), 'unreachable'],
    ['PostgreSQL connection failure (08006)', error('08006'), 'unreachable'],
    ['PostgreSQL disk full (53100)', error('53100'), 'cannot_write'],
    ['a dropped connection', new Error('Connection terminated unexpectedly'), 'unreachable'],
    ['a pool waiting too long', new Error('timeout exceeded when trying to connect'), 'unreachable'],
    ['a closed store', new Error('driver has already been destroyed'), 'unreachable'],
    ['every address refused', new AggregateError([error('ECONNREFUSED')]), 'unreachable'],
    ['a wrapped cause', new Error('outer', { cause: error('SQLITE_FULL') }), 'cannot_write'],
  ])('%s is %s', (_, err, fault) => {
    expect(storeFaultOf(err)).toBe(fault);
  });

  it.each([
    ['a unique violation', error('23505')],
    ['a SQLite constraint', error('SQLITE_CONSTRAINT_FOREIGNKEY')],
    ['a SQL syntax error', error('42601')],
    ['a SQLite error in the query', error('SQLITE_ERROR', 'no such column: x')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'text'],
  ])('%s stays a bug', (_, err) => {
    expect(storeFaultOf(err)).toBeNull();
  });
});
