import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/* Bad parameters of the catalogue calls: each is a 400 naming the field, never a 500. */

let t: TestContext;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = await t.apiKey();
});
afterAll(() => t.close());

async function expect400(url: string, query: Record<string, string>, field: string) {
  const res = await t.get(url, { api_key: key, ...query });
  expect(res.statusCode, `${url} ${JSON.stringify(query)}: ${res.body}`).toBe(400);
  const body = res.json<{ code: string; message: string; errors: Record<string, string> }>();
  expect(body.code).toBe('validation_failed');
  expect(Object.keys(body.errors)).toEqual([field]);
  expect(body.message).toContain(field);
  return body.errors[field];
}

describe('GET /events bad parameters', () => {
  const bad: [Record<string, string>, string][] = [
    [{ category_id: 'abc' }, 'category_id'],
    [{ event_category_id: '0' }, 'event_category_id'],
    [{ team: '-4' }, 'team'],
    [{ participant_id: '1.5' }, 'participant_id'],
    [{ group: '99999999999' }, 'group'],
    [{ location_id: 'x' }, 'location_id'],
    [{ rink: '' }, 'rink'],
    [{ gender: 'mixed' }, 'gender'],
    [{ stream_status: 'replay' }, 'stream_status'],
    [{ type: 'vod' }, 'type'],
    [{ start_date: 'yesterday' }, 'start_date'],
    [{ start_date: '2026-02-30' }, 'start_date'],
    [{ end_date: '2026-13-01' }, 'end_date'],
    [{ end_date: '2026-03-01T25:00:00Z' }, 'end_date'],
    [{ end_date: '2026-03-01T10:00:00+99:00' }, 'end_date'],
    [{ sport: '' }, 'sport'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ offset: '-1' }, 'offset'],
    [{ offset: 'ten' }, 'offset'],
    [{ offset: '100001' }, 'offset'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ sort_field: 'popularity' }, 'sort_field'],
    [{ sort_direction: 'up' }, 'sort_direction'],
    [{ lang: 'de' }, 'lang'],
  ];

  it.each(bad)('%j → 400 on %s', async (query, field) => {
    await expect400('/api/events', query, field);
    await expect400('/api/events/with_clip', query, field);
  });

  it('rejects a range that ends before it starts', async () => {
    const msg = await expect400(
      '/api/events',
      { start_date: '2026-03-02', end_date: '2026-03-01' },
      'end_date',
    );
    expect(msg).toBe('end_date is before start_date');
    await expect400(
      '/api/events',
      { start_date: '2026-03-01T12:00:00Z', end_date: '2026-03-01T11:59:59Z' },
      'end_date',
    );
    // The same day as both ends is a one-day range, not an error.
    const oneDay = await t.get('/api/events', {
      api_key: key,
      start_date: '2026-03-01',
      end_date: '2026-03-01',
    });
    expect(oneDay.statusCode).toBe(200);
  });

  it('rejects an alias that contradicts its name, accepts one that agrees', async () => {
    await expect400(
      '/api/events',
      { category_id: '1', event_category_id: '2' },
      'event_category_id',
    );
    await expect400('/api/events', { team: '1', participant_id: '2' }, 'participant_id');
    await expect400('/api/events', { location_id: '1', rink: '2' }, 'rink');
    const agree = await t.get('/api/events', { api_key: key, team: '1', participant_id: '1' });
    expect(agree.statusCode).toBe(200);
  });

  it('rejects a repeated single-valued parameter', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/events?api_key=${key}&team=1&team=2` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { team: expect.any(String) } });
  });

  it('GET /events/{id} needs a positive integer id', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      await expect400(`/api/events/${id}`, {}, 'id');
    }
  });

  it('needs an API key', async () => {
    const res = await t.get('/api/events');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'api_key_missing' });
  });
});

describe('GET /participants bad parameters', () => {
  const bad: [Record<string, string>, string][] = [
    [{ no_limit: 'maybe' }, 'no_limit'],
    [{ group: 'x' }, 'group'],
    [{ gender: 'any' }, 'gender'],
    [{ offset: '-5' }, 'offset'],
    [{ limit: '500' }, 'limit'],
    [{ search: '' }, 'search'],
  ];
  it.each(bad)('%j → 400 on %s', async (query, field) => {
    await expect400('/api/participants', query, field);
  });

  it('GET /participants/{id} needs a positive integer id', async () => {
    await expect400('/api/participants/abc', {}, 'id');
  });
});
