import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, card, commerceApp, kit, SETUP_TIMEOUT_MS } from '../test/commerce-test-kit.js';
import type { TestContext } from '../test/test-app.js';
import { startWorkerProcess } from '../test/worker-process.js';

/*
 * kill -9 of a worker process in the middle of a payment settlement: the settlement is done again
 * by the next worker and the paid order is fulfilled exactly once. Worker processes need a
 * PostgreSQL server (the embedded database admits one process).
 */

const onServer = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let k: ReturnType<typeof kit>;
let dataDir: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  if (!onServer) return;
  const app = await commerceApp({ SANDBOX_SETTLE_MS: '200' });
  t = app.t;
  k = kit(t, { ms: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-worker-kill-'));
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A worker on this test's database, killed after the tests. */
async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess({
    DATABASE_URL: t.database.url ?? '',
    DATA_DIR: dataDir,
    DEMO_MEDIA_CHANNELS: '',
    SANDBOX_SETTLE_MS: '200',
    COMMERCE_JOB_INTERVAL_MS: '1000',
  });
  workers.push(child);
  return child;
}

describe.skipIf(!onServer)('kill -9 of a worker', () => {
  it('in the middle of a payment settlement: settled by the next worker, fulfilled once', async () => {
    const { apiKey } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Team/),
      card: card(CARDS.ok),
    });
    const orderId = bought.order.id;

    // The test holds the order's row, so the worker's settlement stops inside its transaction
    // (event recorded, order not yet paid) and waits there: that is when it is killed.
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [orderId]);

    const first = await startWorker();
    const waiting = await until(
      async () =>
        (
          await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]?.n ?? 0,
      (n) => n > 0,
    );
    expect(waiting).toBeGreaterThan(0);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    await holder.query('rollback');
    await holder.end();
    // Read from the table: the API's order view would itself ask the provider and settle it.
    const statusOf = async () =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await statusOf()).toBe('created');

    // The next worker settles it: the provider's event was never acknowledged, and what the
    // killed one had written was rolled back with its connection.
    const second = await startWorker();
    expect(await until(statusOf, (s) => s === 'paid')).toBe('paid');
    // Exactly once: one recorded event per provider event, the order paid at one moment.
    const events = await t.database.db
      .selectFrom('payment_events')
      .select(['event_id', 'type'])
      .execute();
    expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['status', 'fulfilled_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(row.fulfilled_at).not.toBeNull();
    // A later pass changes nothing.
    const paidAt = row.fulfilled_at;
    await new Promise((r) => setTimeout(r, 2_500));
    const again = await t.database.db
      .selectFrom('orders')
      .select('fulfilled_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(again.fulfilled_at).toEqual(paidAt);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  }, 180_000);
});
