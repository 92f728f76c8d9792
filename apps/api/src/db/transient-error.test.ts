import { describe, expect, it } from 'vitest';
import { isTransientDbError, retryTransient } from './transient-error.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const silentLog = { info: () => undefined, error: () => undefined };

describe('isTransientDbError', () => {
  it('says "try again" for deadlocks, serialization failures, shutdowns and lost connections', () => {
    for (const code of ['40001', '40P01', '57P01', '57P02', '57P03', '08006', '08003', '08P01']) {
      expect(isTransientDbError(pgError(code)), code).toBe(true);
    }
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']) {
      expect(isTransientDbError(pgError(code)), code).toBe(true);
    }
    expect(isTransientDbError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDbError(new Error('wrapped', { cause: pgError('40P01') }))).toBe(true);
    expect(isTransientDbError(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
  });

  it('not for what is wrong in itself', () => {
    for (const code of ['23505', '42P01', '22P02', '42703']) {
      expect(isTransientDbError(pgError(code)), code).toBe(false);
    }
    expect(isTransientDbError(new Error('boom'))).toBe(false);
    expect(isTransientDbError(undefined)).toBe(false);
    expect(isTransientDbError('40P01')).toBe(false);
  });
});

describe('retryTransient', () => {
  it('tries again after a transient error, never after another', async () => {
    let calls = 0;
    const result = await retryTransient(
      () => {
        calls += 1;
        if (calls < 3) return Promise.reject(pgError('40P01', 'deadlock detected'));
        return Promise.resolve('done');
      },
      { log: silentLog, what: 'test' },
    );
    expect([result, calls]).toEqual(['done', 3]);

    let other = 0;
    await expect(
      retryTransient(
        () => {
          other += 1;
          return Promise.reject(pgError('23505', 'duplicate key'));
        },
        { log: silentLog, what: 'test' },
      ),
    ).rejects.toThrow('duplicate key');
    expect(other).toBe(1);
  });
});
