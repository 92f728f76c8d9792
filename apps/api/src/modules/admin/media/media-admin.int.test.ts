import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_KIND,
  UPLOAD_CHUNK_TYPE,
  UPLOAD_LIMITS,
  type AdminMediaSubjects,
  type AdminUpload,
} from '@rudy/contracts';
import { createLocalStorage, renderSyntheticGame, type Rendition } from '@rudy/media';
import { loadConfig } from '../../../config.js';
import { startWorker, type Worker } from '../../../jobs/worker.js';
import { findEvent } from '../../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { adminUser, signedInUser } from '../../../test/test-users.js';
import { expectAdminOnly, otherChannelAdmin, type Admin } from '../../../test/admin-test-kit.js';
import { createAdminChanges } from '../admin-changes.js';
import { createUploadJobQueue } from '../../media/upload-job.js';
import { createMediaAdminService } from './media-admin.service.js';
import { createUploadFiles } from './upload-files.js';

/* The console's media calls against a real worker transcoding a real upload with ffmpeg. */

const TINY: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 250, audioKbps: 64 },
];
const BLUE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestContext;
let worker: Worker;
let admin: Admin;
let root: string;
let video: Buffer;
let game: number;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-media-admin-'));
  const env = {
    MEDIA_DIR: path.join(root, 'media'),
    DATA_DIR: path.join(root, 'data'),
    DEMO_MEDIA_CHANNELS: '',
  };
  const source = path.join(root, 'source.mp4');
  await renderSyntheticGame({
    output: source,
    durationSeconds: 2,
    videoKbps: 250,
    picture: {
      width: 320,
      height: 180,
      fps: 25,
      home: { code: 'HOM', color: '#1d4f91' },
      away: { code: 'AWY', color: '#c8102e' },
      goals: [],
      clockOffsetSeconds: 0,
    },
  });
  video = fs.readFileSync(source);
  t = await createTestApp(env);
  admin = await adminUser(t);
  game = await findEvent(t, { access: 'free', when: 'past' });
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const silent = { info: () => undefined, error: () => undefined };
  worker = await startWorker({ config, database: t.database, log: silent, vodLadder: TINY });
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const create = (apiKey: string, body: Record<string, unknown>) =>
  t.inject({
    method: 'POST',
    url: '/api/admin/media/uploads',
    payload: { api_key: apiKey, ...body },
  });

const gameUpload = (size: number, extra: Record<string, unknown> = {}) => ({
  file_name: 'final.mp4',
  size_bytes: size,
  content_type: 'video/mp4',
  target: { kind: 'game', event_id: game },
  ...extra,
});

const chunk = (apiKey: string, id: string, offset: number, body: Buffer) =>
  t.inject({
    method: 'PATCH',
    url: `/api/admin/media/uploads/${id}`,
    headers: {
      'x-api-key': apiKey,
      'content-type': UPLOAD_CHUNK_TYPE,
      'upload-offset': String(offset),
    },
    payload: body,
  });

const post = (apiKey: string, url: string) =>
  t.inject({ method: 'POST', url, payload: { api_key: apiKey } });

const uploadOf = async (id: string) =>
  (await t.get(`/api/admin/media/uploads/${id}`, { api_key: admin.apiKey })).json<AdminUpload>();

async function settled(id: string): Promise<AdminUpload> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const upload = await uploadOf(id);
    if (upload.status !== 'queued' && upload.status !== 'processing') return upload;
    if (Date.now() > deadline) throw new Error(`upload still ${upload.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const jobsOf = async (id: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from pgboss.job
        where name = 'media.package-upload' and data->>'uploadId' = ${id}`.execute(t.database.db)
    ).rows[0]?.n,
  );

const auditOf = (entityId: number) =>
  t.database.db
    .selectFrom('admin_audit_log')
    .select(['action', 'before', 'after'])
    .where('entity', '=', 'media')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

/** The app on a real port (once per file): the chunk tests need real sockets. */
async function listening(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** A PATCH over a real socket that is cut after `send` bytes of the announced chunk. */
async function interruptedChunk(id: string, offset: number, chunkBytes: Buffer, send: number) {
  const port = await listening();
  await new Promise<void>((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `/api/admin/media/uploads/${id}`,
      headers: {
        'x-api-key': admin.apiKey,
        'content-type': UPLOAD_CHUNK_TYPE,
        'upload-offset': String(offset),
        'content-length': String(chunkBytes.length),
      },
    });
    req.on('error', () => resolve());
    req.write(chunkBytes.subarray(0, send), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

/**
 * A PATCH over a real socket that sends `send` bytes of the announced chunk and then nothing, its
 * connection left open: what the server sees when the client's network is cut without a word.
 */
async function stalledChunk(id: string, offset: number, chunkBytes: Buffer, send: number) {
  const port = await listening();
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'PATCH',
    path: `/api/admin/media/uploads/${id}`,
    headers: {
      'x-api-key': admin.apiKey,
      'content-type': UPLOAD_CHUNK_TYPE,
      'upload-offset': String(offset),
      'content-length': String(chunkBytes.length),
    },
  });
  const answered = new Promise<number>((resolve) => {
    req.on('response', (res) => resolve(res.statusCode ?? 0));
    req.on('error', () => resolve(0));
  });
  req.write(chunkBytes.subarray(0, send));
  // The server is receiving it: its bytes are on the part file.
  const part = path.join(root, 'data/uploads', `${id}.part`);
  for (let i = 0; i < 200 && fs.statSync(part).size < offset + send; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return { answered, close: () => req.destroy() };
}

describe('console media', () => {
  it('is for the channel’s admins only', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await expectAdminOnly(t, [
      (k) => t.get('/api/admin/media', { api_key: k }),
      (k) => t.get('/api/admin/media/uploads', { api_key: k }),
      (k) => create(k, gameUpload(100)),
      (k) => chunk(k, id, 0, Buffer.from('x')),
      (k) => post(k, `/api/admin/media/uploads/${id}/complete`),
      (k) => post(k, `/api/admin/media/uploads/${id}/retry`),
      (k) =>
        t.inject({
          method: 'POST',
          url: `/api/admin/media/games/${game}/poster`,
          payload: { api_key: k, image: BLUE_PIXEL_PNG },
        }),
      (k) =>
        t.inject({
          method: 'DELETE',
          url: `/api/admin/media/games/${game}/files`,
          query: { api_key: k },
        }),
    ]);
  });

  it('refuses bad uploads with a 4xx that says why', async () => {
    const k = admin.apiKey;
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await create(k, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toContain(field);
    };
    await bad(gameUpload(100, { content_type: 'application/x-sh' }), 'content_type');
    await bad(gameUpload(UPLOAD_LIMITS.maxBytes + 1), 'size_bytes');
    await bad(gameUpload(0), 'size_bytes');
    await bad(gameUpload(100, { file_name: '' }), 'file_name');
    // Another channel's game is not found; an unknown game neither.
    const other = await otherChannelAdmin(t);
    expect((await create(other.apiKey, gameUpload(100))).statusCode).toBe(404);
    expect(
      (await create(k, gameUpload(100, { target: { kind: 'game', event_id: 999999 } }))).statusCode,
    ).toBe(404);
    // Ids are UUIDs of the caller's channel: nothing else names a file.
    expect((await chunk(k, '..%2F..%2Fetc%2Fpasswd', 0, Buffer.from('x'))).statusCode).toBe(400);
    const mine = (await create(k, gameUpload(100))).json<AdminUpload>();
    expect((await chunk(other.apiKey, mine.id, 0, Buffer.from('x'))).statusCode).toBe(404);
  });

  it('keeps the client’s file name out of the disk', async () => {
    const res = await create(admin.apiKey, gameUpload(100, { file_name: '../../../etc/passwd' }));
    expect(res.statusCode).toBe(200);
    const upload = res.json<AdminUpload>();
    expect(upload.file_name).toBe('../../../etc/passwd');
    expect(fs.readdirSync(path.join(root, 'data/uploads'))).toContain(`${upload.id}.part`);
    expect(fs.existsSync(path.join(root, 'etc'))).toBe(false);
  });

  it('refuses what is not a video, chunks past the size, and wrong offsets', async () => {
    const k = admin.apiKey;
    const text = (await create(k, gameUpload(64))).json<AdminUpload>();
    const notVideo = await chunk(k, text.id, 0, Buffer.alloc(64, 'hello '));
    expect(notVideo.statusCode).toBe(415);
    expect((await uploadOf(text.id)).status).toBe('expired');

    const upload = (await create(k, gameUpload(video.length))).json<AdminUpload>();
    const wrong = await chunk(k, upload.id, 10, video.subarray(10, 20));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ code: string }>().code).toBe('upload_offset');
    expect(wrong.headers['upload-offset']).toBe('0');
    const tooMuch = Buffer.concat([video, Buffer.alloc(10)]);
    expect((await chunk(k, upload.id, 0, tooMuch)).statusCode).toBe(413);
    expect((await post(k, `/api/admin/media/uploads/${upload.id}/complete`)).statusCode).toBe(409);
  });

  it('resumes after an interrupted chunk, queues one job, and the game plays its upload', async () => {
    const k = admin.apiKey;
    const upload = (await create(k, gameUpload(video.length))).json<AdminUpload>();
    expect(upload).toMatchObject({ status: 'uploading', offset_bytes: 0, event_id: game });

    const first = await chunk(k, upload.id, 0, video.subarray(0, 1000));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ offset_bytes: 1000 });

    // The rest is announced, part of it sent, then the connection is cut.
    await interruptedChunk(upload.id, 1000, video.subarray(1000), 5000);
    let resumed = await uploadOf(upload.id);
    for (let i = 0; i < 50 && resumed.offset_bytes === 1000; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      resumed = await uploadOf(upload.id);
    }
    expect(resumed.offset_bytes).toBeGreaterThan(1000);
    expect(resumed.offset_bytes).toBeLessThanOrEqual(6000);
    const head = await t.inject({
      method: 'HEAD',
      url: `/api/admin/media/uploads/${upload.id}`,
      query: { api_key: k },
    });
    expect(head.headers['upload-offset']).toBe(String(resumed.offset_bytes));

    const rest = await chunk(
      k,
      upload.id,
      resumed.offset_bytes,
      video.subarray(resumed.offset_bytes),
    );
    expect(rest.json()).toEqual({ offset_bytes: video.length });

    // Completing is idempotent: a client that lost the answer asks again and gets the same one.
    const [done, again] = await Promise.all([
      post(k, `/api/admin/media/uploads/${upload.id}/complete`),
      post(k, `/api/admin/media/uploads/${upload.id}/complete`),
    ]);
    expect([done.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json<AdminUpload>()).toEqual(done.json<AdminUpload>());
    expect(done.json<AdminUpload>().status).toBe('queued');
    const later = await post(k, `/api/admin/media/uploads/${upload.id}/complete`);
    expect(later.statusCode).toBe(200);
    expect(later.json<AdminUpload>().id).toBe(upload.id);
    expect(await jobsOf(upload.id)).toBe(1);
    // The part file left this host's disk for media storage.
    expect(fs.existsSync(path.join(root, 'data/uploads', `${upload.id}.part`))).toBe(false);

    const ready = await settled(upload.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 1, error: null });
    const vod = await t.database.db
      .selectFrom('event_media')
      .select(['status', 'storage_key'])
      .where('event_id', '=', game)
      .where('kind', '=', MEDIA_KIND.vod)
      .executeTakeFirstOrThrow();
    expect(vod.status).toBe('ready');
    // The source the transcode read is gone; the VOD is what is kept. The worker removes it just
    // after it marks the upload ready, so a busy machine may show the two a moment apart.
    const source = path.join(root, `media/c${t.demoChannelId}/uploads/${upload.id}`);
    for (let i = 0; i < 100 && fs.existsSync(source); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(fs.existsSync(source)).toBe(false);

    const viewer = await signedInUser(t);
    const playback = await t.get(`/api/events/${game}/playback`, { api_key: viewer.apiKey });
    expect(playback.statusCode).toBe(200);
    expect(playback.body).toContain('master.m3u8');

    const subjects = (await t.get('/api/admin/media', { api_key: k })).json<AdminMediaSubjects>();
    expect(subjects.games.find((g) => g.id === game)).toMatchObject({
      state: 'ready',
      has_poster: true,
    });

    const rows = await auditOf(game);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'update']));
    expect(rows.find((r) => r.action === 'update')?.after).toMatchObject({ status: 'queued' });
  }, 120_000);

  it('resumes after a connection cut without a word: the new chunk replaces the stalled one', async () => {
    const k = admin.apiKey;
    const upload = (await create(k, gameUpload(video.length))).json<AdminUpload>();
    expect((await chunk(k, upload.id, 0, video.subarray(0, 1000))).statusCode).toBe(200);
    const stalled = await stalledChunk(upload.id, 1000, video.subarray(1000), 3000);
    try {
      // The client resumes from the offset the server holds; the stalled chunk counts for nothing.
      const head = await t.inject({
        method: 'HEAD',
        url: `/api/admin/media/uploads/${upload.id}`,
        query: { api_key: k },
      });
      expect(head.headers['upload-offset']).toBe('1000');
      const rest = await chunk(k, upload.id, 1000, video.subarray(1000));
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual({ offset_bytes: video.length });
      expect(await stalled.answered).not.toBe(200);
      const done = await post(k, `/api/admin/media/uploads/${upload.id}/complete`);
      expect(done.statusCode).toBe(200);
      expect(await jobsOf(upload.id)).toBe(1);
      expect((await settled(upload.id)).status).toBe('ready');
    } finally {
      stalled.close();
    }
  }, 120_000);

  it('shows a failed transcode’s error and retries it', async () => {
    const k = admin.apiKey;
    // An MP4's first box, then nothing ffmpeg can read.
    const broken = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypisom'),
      Buffer.alloc(4000, 7),
    ]);
    const upload = (await create(k, gameUpload(broken.length))).json<AdminUpload>();
    expect((await chunk(k, upload.id, 0, broken)).statusCode).toBe(200);
    expect((await post(k, `/api/admin/media/uploads/${upload.id}/retry`)).statusCode).toBe(409);
    expect((await post(k, `/api/admin/media/uploads/${upload.id}/complete`)).statusCode).toBe(200);
    const failed = await settled(upload.id);
    expect(failed.status).toBe('error');
    expect(failed.error).toBeTruthy();
    expect(failed.error).not.toContain(root);

    const retried = await post(k, `/api/admin/media/uploads/${upload.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<AdminUpload>()).toMatchObject({ status: 'queued', error: null });
    expect(await jobsOf(upload.id)).toBe(2);
    expect((await settled(upload.id)).status).toBe('error');
  }, 120_000);

  it('replaces a poster with a checked image', async () => {
    const k = admin.apiKey;
    const put = (image: string, url = `/api/admin/media/games/${game}/poster`) =>
      t.inject({ method: 'POST', url, payload: { api_key: k, image } });
    expect((await put(BLUE_PIXEL_PNG)).statusCode).toBe(200);
    const poster = fs.readFileSync(
      path.join(root, `media/c${t.demoChannelId}/e${game}/assets/poster.jpg`),
    );
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // A script wearing a PNG's name, a GIF, another channel's game.
    expect(
      (await put(`data:image/png;base64,${Buffer.from('<script>x</script>').toString('base64')}`))
        .statusCode,
    ).toBe(400);
    expect((await put('data:image/gif;base64,R0lGODlhAQABAAAAACw=')).statusCode).toBe(400);
    const other = await otherChannelAdmin(t);
    const foreign = await t.inject({
      method: 'POST',
      url: `/api/admin/media/games/${game}/poster`,
      payload: { api_key: other.apiKey, image: BLUE_PIXEL_PNG },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await auditOf(game)).at(-1)?.after).toMatchObject({
      poster: expect.stringContaining('replaced'),
    });
  });

  it('deletes a game’s media files: viewers then get no video', async () => {
    const k = admin.apiKey;
    const del = () =>
      t.inject({
        method: 'DELETE',
        url: `/api/admin/media/games/${game}/files`,
        query: { api_key: k },
      });
    const res = await del();
    expect(res.statusCode).toBe(200);
    expect(res.json<{ deleted_files: number }>().deleted_files).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(root, `media/c${t.demoChannelId}/e${game}`))).toBe(false);
    expect((await del()).statusCode).toBe(404);
    const viewer = await signedInUser(t);
    const playback = await t.get(`/api/events/${game}/playback`, { api_key: viewer.apiKey });
    expect(playback.body).not.toContain('master.m3u8');
    const subjects = (await t.get('/api/admin/media', { api_key: k })).json<AdminMediaSubjects>();
    expect(subjects.games.find((g) => g.id === game)?.state).toBe('none');
    expect((await auditOf(game)).at(-1)).toMatchObject({ action: 'delete', after: null });
  });

  it('creates a library video with its upload, hidden from viewers until ready', async () => {
    const res = await create(admin.apiKey, {
      file_name: 'clinic.mov',
      size_bytes: 5000,
      content_type: 'video/quicktime',
      target: { kind: 'library', title_en: 'Goalie clinic', title_fr: 'Clinique des gardiens' },
    });
    expect(res.statusCode).toBe(200);
    const upload = res.json<AdminUpload>();
    expect(upload.target).toBe('library');
    const item = await t.database.db
      .selectFrom('vod_media_items')
      .select(['status', 'channel_id'])
      .where('id', '=', upload.vod_item_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ status: 'pending', channel_id: t.demoChannelId });
    const listed = await t.get('/api/admin/media/uploads', {
      api_key: admin.apiKey,
      vod_item_id: String(upload.vod_item_id),
    });
    expect(listed.json<{ data: AdminUpload[] }>().data.map((u) => u.id)).toEqual([upload.id]);
  });

  it('cleans abandoned uploads: the row expires and the part file goes', async () => {
    const upload = (await create(admin.apiKey, gameUpload(100))).json<AdminUpload>();
    await t.database.db
      .updateTable('media_uploads')
      .set({ updated_at: new Date(Date.now() - 48 * 3600 * 1000) })
      .where('id', '=', upload.id)
      .execute();
    const files = createUploadFiles(path.join(root, 'data/uploads'));
    const service = createMediaAdminService({
      db: t.database.db,
      changes: createAdminChanges({ db: t.database.db, caches: { changed: () => undefined } }),
      storage: createLocalStorage(path.join(root, 'media')),
      files,
      queue: createUploadJobQueue(),
    });
    expect(await service.cleanAbandoned(24)).toBeGreaterThanOrEqual(1);
    expect((await uploadOf(upload.id)).status).toBe('expired');
    expect(fs.existsSync(files.file(upload.id))).toBe(false);
    expect((await chunk(admin.apiKey, upload.id, 0, video.subarray(0, 10))).statusCode).toBe(410);
  });
});
