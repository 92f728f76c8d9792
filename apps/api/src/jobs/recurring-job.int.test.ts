import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createBoss } from './boss.js';
import { recurringQueueOptions, registerRecurringJob } from './recurring-job.js';
import { ignoreQueueErrors } from '../test/queue-errors.js';

/* Recurring work as a chain of pg-boss jobs, on PGlite (`npm start`) and PostgreSQL. */

let database: TestDatabase;
let boss: PgBoss;
const errors: unknown[] = [];
const log = { info: () => undefined, error: (obj: object) => void errors.push(obj) };

beforeAll(async () => {
  database = await createTestDatabase();
  boss = createBoss(database, database.url, ignoreQueueErrors);
  await boss.start();
}, 120_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await database?.close();
});

async function until(ok: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

async function createQueues(queue: string, expire: number) {
  for (const [name, options] of Object.entries(recurringQueueOptions(queue, expire))) {
    await boss.createQueue(name, { name, ...options });
  }
}

const waiting = async (queue: string) => {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job where name = ${queue} and state = 'created'
  `.execute(database.db);
  return rows[0]?.n ?? 0;
};

describe('recurring jobs', () => {
  it('runs pass after pass, retries a failed pass, and never queues two', async () => {
    await createQueues('test.recurring', 60);
    let passes = 0;
    let failed = false;
    await registerRecurringJob(boss, {
      queue: 'test.recurring',
      everySeconds: 1,
      log,
      run: async () => {
        await Promise.resolve();
        passes += 1;
        // The second pass fails once: the retry (after a second) carries the chain on.
        if (passes === 2 && !failed) {
          failed = true;
          throw new Error('database away');
        }
      },
    });
    // Another worker starting meanwhile queues nothing more: one pass already waits.
    await boss.send('test.recurring', {}, { startAfter: 1 });
    await until(() => passes >= 5);
    expect(passes).toBeGreaterThanOrEqual(5);
    expect(failed).toBe(true);
    expect(errors).toHaveLength(1);
    expect(await waiting('test.recurring')).toBeLessThanOrEqual(1);
  }, 60_000);
});
