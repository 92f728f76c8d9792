import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config.js';
import { startWorker, type Worker } from '../../jobs/worker.js';
import type { TestContext } from '../../test/test-app.js';
import { COMMERCE_TICK_QUEUE } from './commerce.jobs.js';
import { CARDS, card, commerceApp, kit, SETUP_TIMEOUT_MS } from '../../test/commerce-test-kit.js';

/*
 * The commerce runner as the worker runs it: a chain of pg-boss jobs (no timer in the HTTP
 * process), on PGlite as `npm start` runs it and on PostgreSQL.
 */

let t: TestContext;
let k: ReturnType<typeof kit>;
let worker: Worker;
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  // The real clock: the worker's passes and the sandbox's settlement delay run on it.
  const app = await commerceApp({ SANDBOX_SETTLE_MS: '300' });
  t = app.t;
  k = kit(t, { ms: 0 });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DEMO_MEDIA_CHANNELS: '',
    SANDBOX_SETTLE_MS: '300',
    COMMERCE_JOB_INTERVAL_MS: '1000',
  });
  worker = await startWorker({ config, database: t.database, log: silent });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('commerce passes on the job queue', () => {
  it('settles a sandbox payment through the worker, one waiting pass at a time', async () => {
    const { apiKey } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
    });
    const order = await until(
      () => k.order(apiKey, bought.order.id),
      (o) => o.status === 'paid',
    );
    expect(order.status).toBe('paid');

    // Passes keep coming (each queues the next), never more than one waiting.
    const completed = async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job
        where name = ${COMMERCE_TICK_QUEUE} and state = 'completed'`.execute(t.database.db);
      return rows[0]?.n ?? 0;
    };
    const before = await completed();
    expect(await until(completed, (n) => n >= before + 2)).toBeGreaterThanOrEqual(before + 2);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
      where name = ${COMMERCE_TICK_QUEUE} and state = 'created'`.execute(t.database.db);
    expect(rows[0]?.n).toBeLessThanOrEqual(1);
  }, 60_000);
});
