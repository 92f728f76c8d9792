import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND, type AdminMoment, type AuditEntry, type MomentList } from '@rudy/contracts';
import { createLocalStorage } from '@rudy/media';
import type PgBoss from 'pg-boss';
import { createBoss } from '../../jobs/boss.js';
import { sendOnce } from '../../jobs/send-once.js';
import { attachVod, findEvent, makeCrowdVod } from '../../test/media-fixtures.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { adminUser } from '../../test/test-users.js';
import { expectAdminOnly, otherChannelAdmin, type Admin } from '../../test/admin-test-kit.js';
import { until } from '../../test/until.js';
import { QUEUE_OPTIONS, QUEUES } from '../media/media-queues.js';
import { detectMoments, type DetectMomentsJob } from './detect-moments.js';

/*
 * Key moments end to end (issue 35): a replay whose audio holds two planted crowd roars goes
 * through the pg-boss detection job; the API gives them back; the operator's marks, edits and
 * removals are audited and survive the detector's next run.
 */

const ROARS = [
  { atSeconds: 9, seconds: 3, gainDb: 14 },
  { atSeconds: 20, seconds: 2.5, gainDb: 18 },
];

let t: TestContext;
let admin: Admin;
let boss: PgBoss;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
let game: number;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-moments-'));
  fixture = await makeCrowdVod({ seconds: 28, roars: ROARS, seed: 7 });
  t = await createTestApp({ MEDIA_DIR: mediaDir, DEMO_MEDIA_CHANNELS: '' });
  admin = await adminUser(t);
  game = await findEvent(t, { access: 'free', when: 'past' });
  await attachVod(t, mediaDir, fixture, t.demoChannelId, game);

  boss = createBoss(t.database, undefined, ignoreQueueErrors);
  await boss.start();
  await boss.createQueue(QUEUES.detectMoments, {
    name: QUEUES.detectMoments,
    ...QUEUE_OPTIONS[QUEUES.detectMoments],
  });
  const storage = createLocalStorage(mediaDir);
  await boss.work<DetectMomentsJob>(
    QUEUES.detectMoments,
    { pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) await detectMoments({ db: t.database.db, storage }, job.data);
    },
  );
}, 180_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

/** Queues the game's detection (as the worker does once a replay is ready) and waits for its run. */
async function runDetection(): Promise<void> {
  const before = await lastRun();
  await sendOnce(
    t.database.db,
    boss,
    QUEUES.detectMoments,
    {
      channelId: t.demoChannelId,
      eventId: game,
    },
    { singletonKey: `moments-${game}` },
  );
  const after = await until(lastRun, (run) => run !== undefined && run !== before, 60_000);
  expect(after).toBeDefined();
}
const lastRun = async () =>
  (
    await t.database.db
      .selectFrom('moment_detections')
      .select('detected_at')
      .where('event_id', '=', game)
      .executeTakeFirst()
  )?.detected_at.toISOString();

async function viewerMoments(eventId = game) {
  const res = await t.get(`/api/events/${eventId}/moments`, { api_key: await t.apiKey() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MomentList>().moments;
}

const adminCall = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: object) =>
  t.inject({
    method,
    url,
    headers: { 'x-api-key': admin.apiKey },
    ...(body ? { payload: body } : {}),
  });

describe('key moments', () => {
  it('finds the planted roars through the job, and the API lists them in time order', async () => {
    await runDetection();
    const moments = await viewerMoments();
    expect(moments.map((m) => m.kind)).toEqual(['detected', 'detected']);
    for (const [i, roar] of ROARS.entries()) {
      expect(Math.abs((moments[i]?.at_seconds ?? -99) - roar.atSeconds)).toBeLessThanOrEqual(2);
      expect(moments[i]?.confidence).toBeGreaterThan(0.3);
    }
    // A second delivery of the job ends with the same moments, not twice as many.
    await runDetection();
    expect((await viewerMoments()).map((m) => m.at_seconds)).toEqual(
      moments.map((m) => m.at_seconds),
    );
  }, 120_000);

  it('keeps the operator’s marks, edits and removals across the detector’s next run, audited', async () => {
    const [first, second] = await viewerMoments();
    const marked = await adminCall('POST', `/api/admin/games/${game}/moments`, {
      at_seconds: 15,
      label: 'Save',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<AdminMoment>()).toMatchObject({
      kind: 'marked',
      label: 'Save',
      confidence: 1,
    });
    const edited = await adminCall('PATCH', `/api/admin/moments/${first!.id}`, { label: 'Goal' });
    expect(edited.json<AdminMoment>()).toMatchObject({ label: 'Goal', is_edited: true });
    expect((await adminCall('DELETE', `/api/admin/moments/${second!.id}`)).statusCode).toBe(200);

    await runDetection();
    const after = await viewerMoments();
    expect(after.map((m) => [m.kind, m.label])).toEqual([
      ['detected', 'Goal'],
      ['marked', 'Save'],
    ]);

    const audit = await t.get('/api/admin/audit', { api_key: admin.apiKey, entity: 'moment' });
    const entries = audit.json<{ data: AuditEntry[] }>().data;
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  }, 120_000);

  it('marks "now" on a live game, once for a double click', async () => {
    const live = await findEvent(t, { access: 'free', when: 'live' });
    const noLive = await adminCall('POST', `/api/admin/games/${live}/moments`, {});
    expect(noLive.statusCode).toBe(400);
    await t.database.db
      .insertInto('event_media')
      .values({
        channel_id: t.demoChannelId,
        event_id: live,
        kind: MEDIA_KIND.live,
        storage_key: `c${t.demoChannelId}/e${live}/live/master.m3u8`,
        status: 'live',
        started_at: new Date(Date.now() - 95_000),
      })
      .execute();
    const one = await adminCall('POST', `/api/admin/games/${live}/moments`, {});
    const again = await adminCall('POST', `/api/admin/games/${live}/moments`, { label: 'Hit' });
    expect(one.statusCode, one.body).toBe(200);
    expect(again.json<AdminMoment>().id).toBe(one.json<AdminMoment>().id);
    const moments = await viewerMoments(live);
    expect(moments).toHaveLength(1);
    expect(moments[0]).toMatchObject({ kind: 'marked', label: 'Hit' });
    expect(moments[0]?.at_seconds).toBeGreaterThanOrEqual(94);
    expect(moments[0]?.at_seconds).toBeLessThan(130);
  });

  it('refuses bad input, other channels and viewers', async () => {
    const [moment] = await viewerMoments();
    await expectAdminOnly(t, [
      (key) =>
        t.inject({
          method: 'POST',
          url: `/api/admin/games/${game}/moments`,
          headers: { 'x-api-key': key },
          payload: { at_seconds: 3 },
        }),
      (key) => t.get(`/api/admin/games/${game}/moments`, { api_key: key }),
    ]);
    const other = await otherChannelAdmin(t);
    const foreign = await t.inject({
      method: 'PATCH',
      url: `/api/admin/moments/${moment!.id}`,
      headers: { 'x-api-key': other.apiKey },
      payload: { label: 'Mine' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.get(`/api/events/${game}/moments`, { api_key: await t.apiKey('other-league') }))
        .statusCode,
    ).toBe(404);
    for (const body of [
      { at_seconds: -1 },
      { at_seconds: 'soon' },
      { label: '' },
      { label: 'x'.repeat(41) },
    ]) {
      const res = await adminCall('POST', `/api/admin/games/${game}/moments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await adminCall('PATCH', `/api/admin/moments/2147483647`, { label: 'A' })).statusCode,
    ).toBe(404);
    expect((await t.get('/api/events/abc/moments', { api_key: await t.apiKey() })).statusCode).toBe(
      400,
    );
  });
});
