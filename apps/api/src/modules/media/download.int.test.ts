import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadEvent } from '@rudy/contracts';
import { probe } from '@rudy/media';
import { attachVod, findEvent, grantAccess, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

/* GET /api/download-event/{id}: capability, feature count, remux to one MP4 without re-encoding. */

let t: TestContext;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
let events: number[];

const download = (id: number, apiKey?: string) =>
  t.get(`/api/download-event/${id}`, apiKey ? { api_key: apiKey } : {});

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-download-'));
  fixture = await makeTinyVod();
  t = await createTestApp({ MEDIA_DIR: mediaDir });
  const rows = await t.database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', t.demoChannelId)
    .where('access_type', '=', 'free')
    .where('event_utc_ts', '<', new Date(Date.now() - 86_400_000))
    .orderBy('id')
    .limit(2)
    .execute();
  events = rows.map((r) => r.id);
  for (const id of events) await attachVod(t, mediaDir, fixture, t.demoChannelId, id);
}, 120_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

describe('download-event', () => {
  it('needs a signed-in user', async () => {
    const res = await download(events[0]!, await t.apiKey());
    expect(res.statusCode).toBe(401);
    expect(res.json<{ code: string }>().code).toBe('login_required');
  });

  it('refuses users without the download capability', async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'no_ads']);
    const res = await download(events[0]!, user.apiKey);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('download_not_allowed');
  });

  it('gives a signed link to one MP4 remuxed from the HLS, counted once per event', async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'download'], { download: 1 });
    const res = await download(events[0]!, user.apiKey);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DownloadEvent>();
    if (body.status !== 'ready') throw new Error('expected a ready download');
    expect(body).toMatchObject({ downloads_used: 1, downloads_limit: 1 });
    expect(body.filename).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.mp4$/);

    const file = await t.get(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${body.filename}"`);
    expect(file.rawPayload.length).toBe(body.size_bytes);
    const local = path.join(mediaDir, `c${t.demoChannelId}/e${events[0]}/download/event.mp4`);
    const info = await probe(local);
    expect(info.video?.codec).toBe('h264');
    expect(info.audio?.codec).toBe('aac');
    expect(info.durationSeconds).toBeCloseTo(fixture.durationSeconds, 0);

    // The same event again does not use another download; a second event is over the limit.
    expect(res.json<DownloadEvent>().status).toBe('ready');
    const again = await download(events[0]!, user.apiKey);
    expect(again.json<DownloadEvent>()).toMatchObject({ status: 'ready', downloads_used: 1 });
    const second = await download(events[1]!, user.apiKey);
    expect(second.statusCode).toBe(403);
    expect(second.json<{ code: string }>().code).toBe('download_limit_reached');
  });

  it('has no limit when the purchase grants downloads without a count', async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'download']);
    for (const id of events) {
      const res = await download(id, user.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.json<DownloadEvent>()).toMatchObject({ status: 'ready', downloads_limit: null });
    }
  });

  it('refuses events without a recording, and paid events', async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'download']);
    const upcoming = await findEvent(t, { access: 'free', when: 'future' });
    expect((await download(upcoming, user.apiKey)).statusCode).toBe(409);
    const paid = await findEvent(t, { access: 'paid', when: 'past' });
    const res = await download(paid, user.apiKey);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('access_denied');
  });

  it('download links open nothing but the download', async () => {
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'download']);
    const body = (await download(events[0]!, user.apiKey)).json<DownloadEvent>();
    if (body.status !== 'ready') throw new Error('expected a ready download');
    const token = body.url.split('/')[4];
    expect((await t.get(`/media/e/${events[0]}/${token}/vod/master.m3u8`)).statusCode).toBe(403);
    expect((await t.get(`${body.url.split('?')[0]}?filename=..%2F..%2Fx`)).statusCode).toBe(400);
  });
});
