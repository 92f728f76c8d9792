/**
 * Alerts for followed teams (issue 33), on PostgreSQL (DATABASE_URL, a fresh database of its own)
 * with a real worker process (worker-main.ts) writing to the dev outbox:
 *  - a followed team's game going live: its first alert in the outbox within 60 s (goal);
 *  - 10 000 followers of one team, each notified exactly once within 2 minutes (goal), with the
 *    worker killed (-9) half-way and a new one started.
 * Alone: DATABASE_URL=postgres://… node --import tsx bench/fan-alerts.ts
 */
import { sql } from 'kysely';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';
import { createTestDatabase } from '../apps/api/src/test/test-database.js';
import { insertGame, teamsOf } from '../apps/api/src/test/fans-test-kit.js';
import { killGroup, startWorkerProcess } from '../apps/api/src/test/worker-process.js';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);

export async function benchFanAlerts() {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (PostgreSQL)');
  const database = await createTestDatabase();
  const db = database.db;
  try {
    const demo = await seedDemoChannel(db);
    const { home, away, sport } = await teamsOf(db, demo.channelId);
    await sql`
      with u as (
        insert into users (channel_id, email, first_name, last_name, email_verified_at, language)
        select ${demo.channelId}, 'bench-fan-' || i || '@example.test', 'Fan', 'Bench', now(),
          case when i % 3 = 0 then 'fr' else 'en' end
        from generate_series(1, ${FOLLOWERS}) i returning id
      )
      insert into favorites (channel_id, user_id, favoritable_type, favoritable_id)
      select ${demo.channelId}, id, 'participant', ${home.id} from u`.execute(db);
    // Every game of the seed counts as planned already, so only the bench's game is measured.
    await sql`insert into fan_alert_games (event_id, kind, channel_id)
      select e.id, k.kind, e.channel_id from events e
      cross join (values ('live'), ('tomorrow')) as k(kind)`.execute(db);
    const env = {
      DATABASE_URL: database.url ?? '',
      DEMO_MEDIA_CHANNELS: '',
      COMMERCE_JOB_INTERVAL_MS: '0',
    };
    let worker = await startWorkerProcess(env, { detached: true });
    const gameStart = new Date(Date.now() + 3_000);
    const gameId = await insertGame(db, {
      channelId: demo.channelId,
      start: gameStart,
      homeId: home.id,
      awayId: away.id,
      categoryId: sport.id,
    });
    const count = async () => {
      const { rows } = await sql<{ mails: number; addresses: number }>`
        select count(*)::int as mails, count(distinct to_address)::int as addresses
        from mail_outbox where to_address like 'bench-fan-%'
          and text_body like ${`%/watch/${gameId}%`}`.execute(db);
      return rows[0] ?? { mails: 0, addresses: 0 };
    };
    const poll = async (ok: (n: number) => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const c = await count();
        if (ok(c.mails) || Date.now() > deadline) return c;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await poll((n) => n > 0, 120_000);
    const firstS = (Date.now() - gameStart.getTime()) / 1000;
    const half = await poll((n) => n >= FOLLOWERS / 2, 240_000);
    killGroup(worker);
    const killedAt = half.mails;
    worker = await startWorkerProcess(env, { detached: true });
    await poll((n) => n >= FOLLOWERS, 240_000);
    const allS = (Date.now() - gameStart.getTime()) / 1000;
    // Longer than a pass: a duplicate would show by now.
    await new Promise((r) => setTimeout(r, 3_000));
    const final = await count();
    killGroup(worker);
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n
      from fan_alerts where event_id = ${gameId} group by status`.execute(db);
    return { firstS, allS, killedAt, final, statuses: rows };
  } finally {
    await database.close();
  }
}

export function reportFanAlerts(r: Awaited<ReturnType<typeof benchFanAlerts>>) {
  const once = r.final.mails === FOLLOWERS && r.final.addresses === FOLLOWERS;
  console.log(
    `fan alerts: first alert ${r.firstS.toFixed(1)} s after the start (goal ≤ 60 s) ${r.firstS <= 60 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `fan alerts: ${FOLLOWERS} followers in ${r.allS.toFixed(1)} s (goal ≤ 120 s), worker killed at ${r.killedAt} mails; ` +
      `${r.final.mails} mails to ${r.final.addresses} addresses, alerts ${JSON.stringify(r.statuses)} ` +
      (once && r.allS <= 120 ? 'PASS' : 'FAIL'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reportFanAlerts(await benchFanAlerts());
  process.exit(0);
}
