import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createBoss } from '../../jobs/boss.js';
import { startWorkerHeartbeat } from '../../jobs/worker-heartbeat.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';

/**
 * /api/health and /api/ready on a real database (PostgreSQL when DATABASE_URL is set, PGlite
 * otherwise): each check turns the answer to 503 on its own, naming itself and nothing else.
 */
let database: TestDatabase;
let app: FastifyInstance;
let heartbeat: { stop(): Promise<void> } | undefined;
const silentLog = { info: () => undefined, error: () => undefined };
/** Past the one-second reuse of a report, so the next poll probes again. */
const nextPoll = () => new Promise((resolve) => setTimeout(resolve, 1_100));

async function ready() {
  const res = await app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '10.1.2.3' });
  return { status: res.statusCode, body: res.json<{ status: string; failed: string[] }>(), res };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    // Low, so a poll that counted against the budget would be refused below.
    RATE_LIMIT_MAX: '3',
  });
  app = await buildApp({ config, db: database.db });
  await app.ready();
});
afterAll(async () => {
  await heartbeat?.stop();
  await app?.close();
  await database?.close();
});

describe('/api/health', () => {
  it('answers without a key, past the rate limit, and touches no database', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('/api/ready', () => {
  it('is unavailable while no worker has created the queue or beat', async () => {
    const { status, body, res } = await ready();
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unavailable',
      checks: {
        accepting: 'ok',
        database: 'ok',
        migrations: 'ok',
        queue: 'failed',
        worker: 'failed',
      },
      failed: ['queue', 'worker'],
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready once a worker started the queue and beats', async () => {
    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
    const first = await startWorkerHeartbeat(database.db, silentLog);
    await nextPoll();
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.failed).toEqual([]);
    // A clean stop removes the beat at once.
    await first.stop();
    await nextPoll();
    expect((await ready()).body.failed).toEqual(['worker']);
    heartbeat = await startWorkerHeartbeat(database.db, silentLog);
  });

  it('is polled past the rate limit, one probe per second whatever the flood', async () => {
    await nextPoll();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => ready()));
    expect(statuses.map((s) => s.status)).toEqual(Array(20).fill(200));
  });

  it('fails on a stale heartbeat (a worker that died) and on a migration not applied', async () => {
    await database.db
      .updateTable('worker_heartbeats')
      .set({ beat_at: sql<Date>`now() - interval '5 minutes'` })
      .execute();
    await nextPoll();
    expect((await ready()).body.failed).toEqual(['worker']);
    await database.db
      .updateTable('worker_heartbeats')
      .set({ beat_at: sql<Date>`now()` })
      .execute();

    await sql`delete from kysely_migration where name = '0013-worker-heartbeats'`.execute(
      database.db,
    );
    await nextPoll();
    const { status, body, res } = await ready();
    expect(status).toBe(503);
    expect(body.failed).toEqual(['migrations']);
    // Names of checks only: not which migration, not the database's error.
    expect(res.body).not.toMatch(/0013|worker_heartbeats|kysely/);
    await sql`insert into kysely_migration (name, timestamp) values ('0013-worker-heartbeats', now()::text)`.execute(
      database.db,
    );
    await nextPoll();
    expect((await ready()).status).toBe(200);
  });

  it('says "not accepting" from the moment the server starts closing', async () => {
    await nextPoll();
    app.readiness.drain();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failed).toEqual(['accepting']);
  });

  it('fails on the database alone while it is unreachable (PostgreSQL: and recovers after)', async () => {
    await nextPoll();
    if (database.url) {
      // PostgreSQL: the test's own database refuses connections and loses those it had.
      const name = new URL(database.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
        const down = await ready();
        expect(down.status).toBe(503);
        expect(down.body.failed).toEqual(['accepting', 'database']);
        expect(down.body).toMatchObject({
          checks: { migrations: 'skipped', queue: 'skipped', worker: 'skipped' },
        });
        expect(down.res.body).not.toContain(name);
      } finally {
        await admin.query(`alter database ${name} with allow_connections true`);
        await admin.end();
      }
      // Back: the pool reconnects and only the drain (previous test) still holds it out.
      await nextPoll();
      expect((await ready()).body.failed).toEqual(['accepting']);
    } else {
      // PGlite: the embedded database is closed under the server.
      await database.pglite?.close();
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.failed).toEqual(['accepting', 'database']);
    }
  });
});
