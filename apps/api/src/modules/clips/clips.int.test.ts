import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_KIND,
  VALIDATION_MESSAGES as M,
  type Clip,
  type ClipDownload,
  type ClipList,
  type SharedClip,
} from '@rudy/contracts';
import { parseMediaPlaylist, probe } from '@rudy/media';
import { loadConfig } from '../../config.js';
import { startWorker, type Worker } from '../../jobs/worker.js';
import { attachVod, findEvent, grantAccess, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

/* Spec section 7's clip calls against a real worker cutting real HLS with ffmpeg. */

let t: TestContext;
let worker: Worker;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
let finished: number;
let live: number;

const env = (dir: string) => ({
  MEDIA_DIR: dir,
  DEMO_MEDIA_CHANNELS: '',
  WEB_DIST_DIR: path.join(dir, 'web'),
  PUBLIC_URL: 'https://tv.rudy.example',
});

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-clips-'));
  // A built web app's shell, which the share page is served from.
  fs.mkdirSync(path.join(mediaDir, 'web'));
  fs.writeFileSync(
    path.join(mediaDir, 'web/index.html'),
    '<!doctype html><html><head><title>Live sports</title></head><body></body></html>',
  );
  fixture = await makeTinyVod(8);
  t = await createTestApp(env(mediaDir));
  finished = await findEvent(t, { access: 'free', when: 'past' });
  live = await findEvent(t, { access: 'free', when: 'live' });
  await attachVod(t, mediaDir, fixture, t.demoChannelId, finished);
  // A game on now: its recording is the DVR window (an EVENT playlist still growing).
  await attachVod(t, mediaDir, fixture, t.demoChannelId, live, {
    folder: 'live',
    kind: MEDIA_KIND.live,
    status: 'live',
  });
  const livePlaylist = path.join(mediaDir, `c${t.demoChannelId}/e${live}/live/v0/index.m3u8`);
  fs.writeFileSync(
    livePlaylist,
    fs.readFileSync(livePlaylist, 'utf8').replace('#EXT-X-ENDLIST\n', '').replace('VOD', 'EVENT'),
  );
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env(mediaDir) });
  const silent = { info: () => undefined, error: () => undefined };
  worker = await startWorker({ config, database: t.database, log: silent });
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

const clipBody = (eventId: number, extra: Record<string, unknown> = {}) => ({
  event_id: eventId,
  name: 'Top-shelf goal',
  start_time: 1.5,
  duration: 4,
  tags: ['Goal'],
  ...extra,
});

const create = (apiKey: string, body: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/clip', payload: { api_key: apiKey, ...body } });

async function clipper(featureCounts: Record<string, number> = {}, accesses?: string[]) {
  const user = await signedInUser(t);
  await grantAccess(
    t,
    user.userId,
    accesses ?? ['watch', 'clipping', 'download_clip'],
    featureCounts,
  );
  return user;
}

const clipCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('clips')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Polls the event's clips as the player does, until this one is no longer processing. */
async function settled(apiKey: string, clip: Clip): Promise<Clip> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await t.get(`/api/clips/event/${clip.event_id}`, { api_key: apiKey });
    const found = res.json<ClipList>().data.find((c) => c.id === clip.id);
    if (found && found.status !== 'processing') return found;
    if (Date.now() > deadline) throw new Error('clip still processing');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('cutting a clip', () => {
  it('needs a signed-in viewer holding clipping', async () => {
    const anonymous = await create(await t.apiKey(), clipBody(finished));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'login_required' });
    const watcher = await clipper({}, ['watch']);
    const refused = await create(watcher.apiKey, clipBody(finished));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'clipping_not_allowed' });
    expect(await clipCount()).toBe(0);
  });

  it("refuses with the spec's texts and stores nothing", async () => {
    const user = await clipper();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tags: [] }, 'validation_failed', M.selectTag],
      [{ tags: ['Curling'] }, 'clip_tag_invalid', M.selectTag],
      [{ name: '   ' }, 'validation_failed', M.fillInput],
      [{ start_time: 6, duration: 4 }, 'clip_beyond_end', M.clipDuration],
      [{ start_time: -1 }, 'validation_failed', M.fillInput],
      [{ duration: 61 }, 'clip_too_long', 'A clip lasts at most 60 seconds'],
      [{ duration: 0.2 }, 'clip_too_short', 'A clip lasts at least 1 second'],
    ];
    for (const [change, code, message] of cases) {
      const res = await create(user.apiKey, clipBody(finished, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe(code);
      expect(res.body).toContain(message);
    }
    const otherChannelEvent = await findEvent(t, {
      access: 'free',
      when: 'past',
      channelId: t.otherChannelId,
    });
    expect((await create(user.apiKey, clipBody(otherChannelEvent))).statusCode).toBe(404);
    expect((await create(user.apiKey, clipBody(999_999))).statusCode).toBe(404);
    expect(await clipCount()).toBe(0);
  });

  it('cuts a finished game into playable HLS, a poster and an MP4 download', async () => {
    const user = await clipper();
    const res = await create(user.apiKey, clipBody(finished, { tags: ['goal', 'Hockey'] }));
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json<Clip>();
    expect(queued).toMatchObject({
      status: 'processing',
      stream_url: null,
      tags: ['Goal', 'Hockey'],
    });
    expect(queued.share_path).toBe(`/share/${queued.id}/${queued.share_uuid}`);

    const ready = await settled(user.apiKey, queued);
    expect(ready.status).toBe('success');
    expect(ready.duration).toBeCloseTo(4, 1);
    expect(ready.can_download).toBe(true);
    const playlist = await t.get(ready.stream_url ?? '');
    expect(playlist.statusCode).toBe(200);
    const parsed = parseMediaPlaylist(playlist.body);
    expect(parsed.endList).toBe(true);
    expect(parsed.totalSeconds).toBeCloseTo(4, 1);
    const segmentUrl = (ready.stream_url ?? '').replace(
      'index.m3u8',
      parsed.segments[0]?.uri ?? '',
    );
    expect((await t.get(segmentUrl)).statusCode).toBe(200);
    expect((await t.get(ready.poster_url ?? '')).headers['content-type']).toBe('image/jpeg');
    // The play token opens the clip, not its MP4 nor the game.
    expect(
      (await t.get((ready.stream_url ?? '').replace('index.m3u8', 'clip.mp4'))).statusCode,
    ).toBe(403);

    const link = await t.get(`/api/clip/download/${ready.id}`, { api_key: user.apiKey });
    expect(link.statusCode, link.body).toBe(200);
    const download = link.json<ClipDownload>();
    expect(download.filename).toBe('top-shelf-goal.mp4');
    const file = await t.get(download.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="top-shelf-goal.mp4"');
    expect(file.rawPayload.length).toBe(download.size_bytes);
    const info = await probe(path.join(mediaDir, `c${t.demoChannelId}/clips/${ready.id}/clip.mp4`));
    expect(info.durationSeconds).toBeCloseTo(4, 0);
    expect(info.video?.codec).toBe('h264');

    const listed = await t.get('/api/events/with_clip', { api_key: await t.apiKey() });
    expect(listed.json<{ data: { id: number }[] }>().data.map((e) => e.id)).toContain(finished);
  });

  it("cuts from a live game's DVR window, within what has been recorded", async () => {
    const user = await clipper();
    const beyond = await create(user.apiKey, clipBody(live, { start_time: 5, duration: 4 }));
    expect(beyond.json()).toMatchObject({ code: 'clip_beyond_end', message: M.clipDuration });
    const res = await create(user.apiKey, clipBody(live, { start_time: 2, duration: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const ready = await settled(user.apiKey, res.json<Clip>());
    expect(ready.status).toBe('success');
    expect(ready.duration).toBeCloseTo(3, 1);
  });

  it('counts clips against the clip feature count', async () => {
    const user = await clipper({ clip: 1 });
    expect((await create(user.apiKey, clipBody(finished))).statusCode).toBe(200);
    const second = await create(user.apiKey, clipBody(finished));
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'clip_limit_reached' });
    const list = await t.get('/api/clips/user', { api_key: user.apiKey });
    expect(list.json<ClipList>()).toMatchObject({ clips_used: 1, clips_limit: 1, can_clip: true });
  });

  it('sets error when the cut fails, and the viewer may try again', async () => {
    const broken = await findEvent(t, { access: 'register', when: 'past' });
    await attachVod(t, mediaDir, fixture, t.demoChannelId, broken);
    const dir = path.join(mediaDir, `c${t.demoChannelId}/e${broken}/vod/v0`);
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      fs.writeFileSync(path.join(dir, name), 'not a transport stream');
    }
    const user = await clipper();
    const res = await create(user.apiKey, clipBody(broken));
    expect(res.statusCode, res.body).toBe(200);
    const failed = await settled(user.apiKey, res.json<Clip>());
    expect(failed).toMatchObject({ status: 'error', stream_url: null, can_download: false });
  });
});

describe("a viewer's clips", () => {
  let owner: Awaited<ReturnType<typeof clipper>>;
  let clip: Clip;
  beforeAll(async () => {
    owner = await clipper();
    const res = await create(owner.apiKey, clipBody(finished, { name: 'Glove save' }));
    clip = await settled(owner.apiKey, res.json<Clip>());
  });

  it('are watched by others through the share link only', async () => {
    const anonymous = await t.apiKey();
    const shared = await t.get(`/api/shared-clip/${clip.share_uuid}`, { api_key: anonymous });
    expect(shared.statusCode, shared.body).toBe(200);
    const body = shared.json<SharedClip>();
    expect(body).toMatchObject({ id: clip.id, name: 'Glove save', share_path: clip.share_path });
    expect((await t.get(body.stream_url ?? '')).statusCode).toBe(200);
    expect(
      (await t.get(`/api/shared-clip/${crypto.randomUUID()}`, { api_key: anonymous })).statusCode,
    ).toBe(404);
    const otherChannel = await t.apiKey(OTHER_CHANNEL_KEY);
    expect(
      (await t.get(`/api/shared-clip/${clip.share_uuid}`, { api_key: otherChannel })).statusCode,
    ).toBe(404);

    const stranger = await clipper();
    expect(
      (await t.get(`/api/clip/download/${clip.id}`, { api_key: stranger.apiKey })).statusCode,
    ).toBe(404);
    const theirs = await t.get('/api/clips/user', { api_key: stranger.apiKey });
    expect(theirs.json<ClipList>().data).toEqual([]);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/clip/${clip.id}`,
      query: { api_key: stranger.apiKey },
    });
    expect(del.statusCode).toBe(404);
  });

  it('show their title and poster when the share link is pasted somewhere', async () => {
    const page = await t.inject({
      method: 'GET',
      url: clip.share_path,
      headers: { accept: 'text/html', host: 'evil.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta property="og:title" content="Glove save" />');
    const poster = `https://tv.rudy.example/media/share/${clip.share_uuid}/poster.jpg`;
    expect(page.body).toContain(`<meta property="og:image" content="${poster}" />`);
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const image = await t.get(new URL(poster).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // A wrong id or uuid is the plain app (which says the clip is not found), with no preview.
    const wrong = await t.inject({
      method: 'GET',
      url: `/share/${clip.id + 1000}/${clip.share_uuid}`,
      headers: { accept: 'text/html' },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).not.toContain('og:title');
    expect((await t.get(`/media/share/${crypto.randomUUID()}/poster.jpg`)).statusCode).toBe(404);
  });

  it('are downloaded only with download_clip', async () => {
    const viewer = await clipper({}, ['watch', 'clipping']);
    const res = await create(viewer.apiKey, clipBody(finished));
    const ready = await settled(viewer.apiKey, res.json<Clip>());
    expect(ready.can_download).toBe(false);
    const link = await t.get(`/api/clip/download/${ready.id}`, { api_key: viewer.apiKey });
    expect(link.statusCode).toBe(403);
    expect(link.json()).toMatchObject({ code: 'download_not_allowed' });
  });

  it('are deleted by their owner, files and all', async () => {
    const folder = path.join(mediaDir, `c${t.demoChannelId}/clips/${clip.id}`);
    expect(fs.existsSync(path.join(folder, 'clip.mp4'))).toBe(true);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/clip/${clip.id}`,
      query: { api_key: owner.apiKey },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await t.get(clip.stream_url ?? '')).statusCode).toBe(404);
    const list = await t.get('/api/clips/user', { api_key: owner.apiKey });
    expect(list.json<ClipList>().data.map((c) => c.id)).not.toContain(clip.id);
  });
});
