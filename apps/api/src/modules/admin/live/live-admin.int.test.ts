import { describe, expect, it } from 'vitest';
import { STREAM_KEY_PATTERN, type AdminLiveIngest, type AuditList } from '@rudy/contracts';
import { adminTestApp, expectAdminOnly, otherChannelAdmin } from '../../../test/admin-test-kit.js';
import { hashStreamKey } from '../../media/ingest/stream-keys.js';

/* A game's RTMP ingest in the console: admin-only, the key shown once and stored hashed, audited. */

const app = adminTestApp({ LIVE_INGEST_PORT: '19351', PUBLIC_URL: 'https://tv.example.test' });

async function someGameId(): Promise<number> {
  const row = await app.t.database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', app.t.demoChannelId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const getLive = (id: number, key = app.admin.apiKey) =>
  app.t.get(`/api/admin/games/${id}/live`, { api_key: key });
const getHealth = (id: number, key = app.admin.apiKey) =>
  app.t.get(`/api/admin/games/${id}/live/health`, { api_key: key });
const rotate = (id: number, key = app.admin.apiKey) =>
  app.t.inject({
    method: 'POST',
    url: `/api/admin/games/${id}/live/key`,
    payload: { api_key: key },
  });

describe('a game’s live ingest', () => {
  it('is the channel admin’s only: viewers 403, another channel’s admin 404', async () => {
    const id = await someGameId();
    await expectAdminOnly(app.t, [
      (key) => getLive(id, key),
      (key) => getHealth(id, key),
      (key) => rotate(id, key),
    ]);
    const other = await otherChannelAdmin(app.t);
    expect((await getLive(id, other.apiKey)).statusCode).toBe(404);
    expect((await getHealth(id, other.apiKey)).statusCode).toBe(404);
    expect((await getHealth(999_999)).statusCode).toBe(404);
    expect((await getHealth(0)).statusCode).toBe(400);
    expect((await rotate(id, other.apiKey)).statusCode).toBe(404);
    expect((await getLive(999_999)).statusCode).toBe(404);
    expect((await getLive(0)).statusCode).toBe(400);
  });

  it('shows the ingest address; the key only in the answer that makes it, stored hashed', async () => {
    const id = await someGameId();
    const before = (await getLive(id)).json<AdminLiveIngest>();
    expect(before).toMatchObject({
      enabled: true,
      ingest_url: 'rtmp://tv.example.test:19351/live',
      has_key: false,
      stream_key: null,
      online: false,
      bitrate_kbps: null,
    });

    const made = await rotate(id);
    expect(made.statusCode).toBe(200);
    const first = made.json<AdminLiveIngest>();
    expect(first.has_key).toBe(true);
    expect(first.stream_key).toMatch(STREAM_KEY_PATTERN);
    expect(first.stream_key?.startsWith(`ev${id}.`)).toBe(true);

    const row = await app.t.database.db
      .selectFrom('live_ingest')
      .selectAll()
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.key_hash).equals(hashStreamKey(first.stream_key ?? ''))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(first.stream_key?.split('.')[1]);
    expect((await getLive(id)).json<AdminLiveIngest>().stream_key).toBeNull();

    // Rotation: a different key, the old hash gone.
    const second = (await rotate(id)).json<AdminLiveIngest>();
    expect(second.stream_key).not.toBe(first.stream_key);
    const after = await app.t.database.db
      .selectFrom('live_ingest')
      .select('key_hash')
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(after.key_hash).equals(hashStreamKey(second.stream_key ?? ''))).toBe(true);
  });

  it('audits each key made, with its date and never the key', async () => {
    const id = await someGameId();
    const made = (await rotate(id)).json<AdminLiveIngest>();
    const rows = (
      await app.t.get('/api/admin/audit', { api_key: app.admin.apiKey, entity: 'game' })
    )
      .json<AuditList>()
      .data.filter((r) => r.entity_id === id);
    expect(rows[0]).toMatchObject({
      action: 'update',
      actor: app.admin.email,
      after: { stream_key_created_at: made.key_created_at },
    });
    const secret = made.stream_key?.split('.')[1] ?? 'missing';
    expect(JSON.stringify(rows)).not.toContain(secret);
  });
});
