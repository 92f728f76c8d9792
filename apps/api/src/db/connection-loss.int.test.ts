import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

/*
 * PostgreSQL connections killed (pg_terminate_backend, as a server restart or failover does) under
 * a load of reads and writes: the process stays up, only requests that were using a killed
 * connection fail (5xx, never a hang), and it is all back within 10 s. Only this test's own
 * database is touched. Needs a PostgreSQL server.
 */

const onServer = Boolean(process.env.DATABASE_URL);
let t: TestContext;

beforeAll(async () => {
  // A load test: on a quiet machine the 8 clients send more than the default test budget of
  // requests per window, and 429s are not what this test is about.
  if (onServer) t = await createTestApp({ RATE_LIMIT_MAX: '10000000' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Outcome {
  at: number;
  status: number;
}

describe.skipIf(!onServer)('database connections killed under load', () => {
  it('fails only the requests caught by the kill and recovers within 10 s', async () => {
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    const apiKey = await t.apiKey();
    const outcomes: Outcome[] = [];
    const started = Date.now();
    const durationMs = 9_000;
    const killsAt = [1_500, 3_000];
    const killedAt: number[] = [];

    // Over real HTTP connections, as a proxy's traffic would come.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // 8 clients, half reading (events list), half writing (new API keys).
    const client = async (i: number) => {
      while (Date.now() - started < durationMs) {
        const res =
          i % 2 === 0
            ? await fetch(`${base}/api/events?api_key=${apiKey}`)
            : await fetch(`${base}/api/get_api_key`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ channel_key: 'demo-hockey' }),
              });
        await res.arrayBuffer();
        outcomes.push({ at: Date.now() - started, status: res.status });
      }
    };
    const killer = async () => {
      for (const at of killsAt) {
        await new Promise((r) => setTimeout(r, Math.max(0, started + at - Date.now())));
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        killedAt.push(Date.now() - started);
        expect(rows[0]?.n).toBeGreaterThan(0);
      }
    };
    await Promise.all([killer(), ...Array.from({ length: 8 }, (_, i) => client(i))]);
    await admin.end();

    const lastKill = Math.max(...killedAt);
    const failures = outcomes.filter((o) => o.status !== 200);
    // Every answer is a success or a server error, and the errors sit right after a kill.
    expect(failures.filter((o) => o.status < 500)).toEqual([]);
    for (const f of failures) {
      expect(killedAt.some((k) => f.at >= k - 200 && f.at <= k + 10_000)).toBe(true);
    }
    // Back within 10 s (in practice at once): the last seconds are all successes.
    const after = outcomes.filter((o) => o.at > lastKill + 2_000);
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((o) => o.status === 200)).toBe(true);
    // And requests still work now.
    expect((await t.get('/api/events', { api_key: apiKey })).statusCode).toBe(200);
  }, 60_000);
});
