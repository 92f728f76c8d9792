import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_MAX_BYTES,
  CAPTION_MESSAGES,
  type AdminCaption,
  type AuditEntry,
  type Playback,
} from '@rudy/contracts';
import { attachVod, findEvent, makeTinyVod } from '../../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { adminUser } from '../../../test/test-users.js';
import { expectAdminOnly, otherChannelAdmin, type Admin } from '../../../test/admin-test-kit.js';

/* The console's captions: upload, validation, audit, and the master playlist viewers then get. */

const VTT_EN = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nFace-off at centre ice\n';
const VTT_FR = 'WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.800\nMise au jeu au centre\n';

let t: TestContext;
let admin: Admin;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
let game: number;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-captions-'));
  fixture = await makeTinyVod();
  t = await createTestApp({ MEDIA_DIR: mediaDir, DEMO_MEDIA_CHANNELS: '' });
  admin = await adminUser(t);
  game = await findEvent(t, { access: 'free', when: 'past' });
  await attachVod(t, mediaDir, fixture, t.demoChannelId, game);
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

const put = (apiKey: string, target: string, lang: string, vtt: string) =>
  t.inject({
    method: 'POST',
    url: `/api/admin/captions/${target}/${lang}`,
    headers: { 'x-api-key': apiKey },
    payload: { vtt },
  });

/** A viewer's stream address and the game's media cookie the playback answer set with it. */
async function playback(): Promise<{ url: string; cookie: string }> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/events/${game}/playback`,
    query: { api_key: await t.apiKey() },
  });
  const url = res.json<Playback>().stream?.url;
  if (!url) throw new Error(`no stream: ${res.body}`);
  return { url, cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '' };
}

const getWith = (url: string, cookie: string) =>
  t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('uploading captions', () => {
  it('is for admins of the channel only', async () => {
    await expectAdminOnly(t, [
      (key) => put(key, `games/${game}`, 'en', VTT_EN),
      (key) => t.inject({ method: 'GET', url: `/api/admin/captions/games/${game}?api_key=${key}` }),
    ]);
    const other = await otherChannelAdmin(t);
    expect((await put(other.apiKey, `games/${game}`, 'en', VTT_EN)).statusCode).toBe(404);
  });

  it('refuses what is not a small, valid WebVTT file with cues', async () => {
    const refusals: [string, number, string][] = [
      ['Just some text\n', 400, CAPTION_MESSAGES.invalid],
      ['WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nBackwards\n', 400, CAPTION_MESSAGES.invalid],
      ['WEBVTT\n\nNOTE nothing but a note\n', 400, CAPTION_MESSAGES.empty],
      [
        `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'x'.repeat(CAPTION_MAX_BYTES)}\n`,
        413,
        CAPTION_MESSAGES.size,
      ],
    ];
    for (const [vtt, status, message] of refusals) {
      const res = await put(admin.apiKey, `games/${game}`, 'en', vtt);
      expect(res.statusCode, vtt.slice(0, 40)).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    // A NUL byte is refused before the route, as in every body (the caption check refuses it too).
    const nul = await put(
      admin.apiKey,
      `games/${game}`,
      'en',
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nA\0B\n',
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ message: string }>().message).toContain('NUL');
    expect((await put(admin.apiKey, `games/${game}`, 'de', VTT_EN)).statusCode).toBe(400);
    expect((await put(admin.apiKey, 'games/99999999', 'en', VTT_EN)).statusCode).toBe(404);
    const list = await t.inject({
      method: 'GET',
      url: `/api/admin/captions/games/${game}?api_key=${admin.apiKey}`,
    });
    expect(list.json<{ captions: AdminCaption[] }>().captions).toEqual([]);
  });

  it('stores both languages, audits them, and lists them in the master playlist', async () => {
    const en = await put(admin.apiKey, `games/${game}`, 'en', VTT_EN);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json<AdminCaption>()).toMatchObject({
      lang: 'en',
      cue_count: 1,
      duration_seconds: 1.5,
    });
    expect((await put(admin.apiKey, `games/${game}`, 'fr', VTT_FR)).statusCode).toBe(200);

    const audit = await t.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=caption&api_key=${admin.apiKey}`,
    });
    const entries = audit.json<{ data: AuditEntry[] }>().data;
    expect(entries.map((e) => [e.action, e.entity_id])).toEqual([
      ['create', game],
      ['create', game],
    ]);

    const { url, cookie } = await playback();
    const master = await getWith(url, cookie);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="../captions/en.m3u8"',
    );
    expect(master.body).toContain('LANGUAGE="fr"');
    for (const line of master.body.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'))) {
      expect(line).toMatch(/,SUBTITLES="subs"$/);
    }

    const base = url.slice(0, url.indexOf('/vod/'));
    const playlist = await getWith(`${base}/captions/fr.m3u8`, cookie);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const file = playlist.body.split('\n').find((l) => l.endsWith('.vtt'));
    expect(playlist.body).toContain('#EXTINF:1.800,');
    const vtt = await getWith(`${base}/captions/${file}`, cookie);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toBe(VTT_FR);
    // The game's media cookie is still needed.
    expect((await getWith(`${base}/captions/fr.m3u8`, '')).statusCode).toBe(403);
  });

  it('replaces a language under a new file name and removes the old file', async () => {
    const { url, cookie } = await playback();
    const base = url.replace(/\/vod\/.*$/, '');
    const before = (await getWith(`${base}/captions/en.m3u8`, cookie)).body
      .split('\n')
      .find((l) => l.endsWith('.vtt'));
    const replaced = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.900\nGoal!\n';
    expect((await put(admin.apiKey, `games/${game}`, 'en', replaced)).statusCode).toBe(200);
    // The master's captions are cached for a few seconds; the stored files change at once.
    expect((await getWith(`${base}/captions/${before}`, cookie)).statusCode).toBe(404);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/admin/captions/games/${game}/fr?api_key=${admin.apiKey}`,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/admin/captions/games/${game}/fr?api_key=${admin.apiKey}`,
    });
    expect(again.statusCode).toBe(404);
    const list = await t.inject({
      method: 'GET',
      url: `/api/admin/captions/games/${game}?api_key=${admin.apiKey}`,
    });
    expect(list.json<{ captions: AdminCaption[] }>().captions.map((c) => c.lang)).toEqual(['en']);
  });

  it('gives a clip with captions a master playlist that lists them', async () => {
    const clip = await t.database.db
      .insertInto('clips')
      .values({
        channel_id: t.demoChannelId,
        event_id: game,
        share_uuid: randomUUID(),
        name: 'Face-off',
        start_time: 0,
        duration: 2,
        status: 'success',
        storage_key: `c${t.demoChannelId}/clips/x/index.m3u8`,
      })
      .returning(['id', 'share_uuid'])
      .executeTakeFirstOrThrow();
    const shared = async () =>
      (await t.get(`/api/shared-clip/${clip.share_uuid}`, { api_key: await t.apiKey() })).json<{
        stream_url: string;
      }>().stream_url;
    expect(await shared()).toMatch(/\/index\.m3u8$/);

    expect((await put(admin.apiKey, `clips/${clip.id}`, 'fr', VTT_FR)).statusCode).toBe(200);
    const url = await shared();
    expect(url).toMatch(/\/master\.m3u8$/);
    const master = await t.get(url);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('LANGUAGE="fr"');
    expect(master.body).toContain('URI="captions/fr.m3u8"');
    expect(master.body).toMatch(/SUBTITLES="subs"\nindex\.m3u8/);
    expect((await t.get(url.replace('master.m3u8', 'captions/fr.m3u8'))).statusCode).toBe(200);
  });
});
