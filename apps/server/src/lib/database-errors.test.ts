import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: SELECT 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is down, restarting, frozen, out of connections or out of disk, through Drizzle’s wrapping', () => {
    for (const cause of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }),
      Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
    ]) {
      expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
    }
  });

  it('leaves the request’s faults and ours alone', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('invalid input syntax'), { code: '22P02' })))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });
});
