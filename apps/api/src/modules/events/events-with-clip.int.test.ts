import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsPageSchema } from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';

// The cache is off here: this file changes data between identical queries.
let t: TestContext;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_MS: '0' });
  key = await t.apiKey();
});
afterAll(() => t.close());

const withClip = async (query: Record<string, string> = {}, apiKey = key) => {
  const res = await t.get('/api/events/with_clip', { api_key: apiKey, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return EventsPageSchema.parse(res.json());
};

async function addClip(channelId: number, eventId: number, status: 'processing' | 'success') {
  await t.database.db
    .insertInto('clips')
    .values({
      channel_id: channelId,
      user_id: null,
      event_id: eventId,
      share_uuid: randomUUID(),
      name: 'Highlight',
      start_time: 10,
      duration: 20,
      tags: ['Hockey'],
      status,
    })
    .execute();
}

describe('GET /events/with_clip', () => {
  it('is an empty page until a clip exists', async () => {
    expect(await withClip()).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 20 } });
  });

  it('lists each event with a finished clip once, with the /events filters', async () => {
    const events = await t.database.db
      .selectFrom('events')
      .select(['id', 'event_category_id'])
      .where('channel_id', '=', t.demoChannelId)
      .orderBy('event_utc_ts')
      .limit(3)
      .execute();
    const [a, b, c] = events.map((e) => e.id);
    if (a === undefined || b === undefined || c === undefined) throw new Error('demo seed');
    await addClip(t.demoChannelId, a, 'success');
    await addClip(t.demoChannelId, a, 'success');
    await addClip(t.demoChannelId, b, 'success');
    // Still being cut: not listed yet.
    await addClip(t.demoChannelId, c, 'processing');

    const page = await withClip();
    expect(page.data.map((e) => e.id)).toEqual([a, b]);
    expect(page.meta.total).toBe(2);
    const desc = await withClip({ sort_direction: 'desc', limit: '1' });
    expect(desc).toMatchObject({ data: [{ id: b }], meta: { total: 2, limit: 1 } });
    const category = String(events[0]?.event_category_id);
    const filtered = await withClip({ category_id: category });
    expect(filtered.data.every((e) => String(e.event_category_id) === category)).toBe(true);
    expect((await withClip({ type: 'upcoming' })).meta.total).toBe(0);

    // Another channel's clips are its own.
    const other = await withClip({}, await t.apiKey(OTHER_CHANNEL_KEY));
    expect(other.meta.total).toBe(0);
  });
});

describe('OpenAPI document', () => {
  it('documents every catalogue route', async () => {
    const doc = (await t.get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();
    const expected = {
      '/api/events': 'get',
      '/api/events/{id}': 'get',
      '/api/events/favorite': 'get',
      '/api/events/with_clip': 'get',
      '/api/participants': 'get',
      '/api/participants/{id}': 'get',
      '/api/participant-groups': 'get',
      '/api/participant-group-properties': 'get',
      '/api/favorites': 'get',
      '/api/favorite': 'post',
      '/api/favorite/{id}': 'delete',
    };
    for (const [path, method] of Object.entries(expected)) {
      expect(doc.paths[path]?.[method], path).toBeDefined();
    }
    const params = doc.paths['/api/events']?.get?.parameters?.map((p) => p.name) ?? [];
    for (const name of ['category_id', 'team', 'group', 'rink', 'stream_status', 'sort_field']) {
      expect(params).toContain(name);
    }
  });
});
