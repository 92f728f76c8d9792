import { DatabaseError } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignoreQueueErrors } from '../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createBoss } from './boss.js';
import { createQueues } from './create-queues.js';

/*
 * Two workers starting on a fresh database: one's createQueue lost a deadlock to the other's and
 * its start failed. The queue creation is retried through transient database errors.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe('queue creation at a worker start', () => {
  it('retries a deadlock (40P01) and creates every queue', async () => {
    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    try {
      const create = boss.createQueue.bind(boss);
      let deadlocks = 0;
      boss.createQueue = async (name, options) => {
        if (name === 'test.second' && deadlocks === 0) {
          deadlocks += 1;
          const error = new DatabaseError('deadlock detected', 0, 'error');
          error.code = '40P01';
          throw error;
        }
        return create(name, options);
      };
      const logged: string[] = [];
      const log = {
        info: (_: object, msg: string) => logged.push(msg),
        error: (_: object, msg: string) => logged.push(msg),
      };

      await createQueues(
        boss,
        {
          'test.first': { policy: 'standard' },
          'test.second': { policy: 'stately', retryLimit: 3 },
        },
        log,
      );

      expect(deadlocks).toBe(1);
      expect((await boss.getQueue('test.first'))?.policy).toBe('standard');
      const second = await boss.getQueue('test.second');
      expect(second?.policy).toBe('stately');
      expect(second?.retryLimit).toBe(3);
      expect(logged).toEqual([
        'queue creation: transient database error, retrying',
        'queue creation: done after a retry',
      ]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
