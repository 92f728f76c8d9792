import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomepageEventsSchema } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /events-for-homepage', () => {
  it('splits events into live, upcoming and recent by the clock', async () => {
    const res = await t.get('/api/events-for-homepage', { api_key: await t.apiKey() });
    expect(res.statusCode).toBe(200);
    const { live, upcoming, recent } = HomepageEventsSchema.parse(res.json());
    const now = Date.now();
    expect(live.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(recent.length).toBeGreaterThan(0);
    for (const e of live) {
      expect(e.type).toBe('live');
      expect(e.stream_status).toBe('live');
      expect(Date.parse(e.event_utc_ts)).toBeLessThanOrEqual(now);
      expect(Date.parse(e.end_utc_ts)).toBeGreaterThan(now);
    }
    for (const e of upcoming) expect(Date.parse(e.event_utc_ts)).toBeGreaterThan(now);
    for (const e of recent) {
      expect(e.type).toBe('finished');
      expect(e.stream_status).toBe('vod');
    }
    const starts = upcoming.map((e) => Date.parse(e.event_utc_ts));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("names two-team events 'away @ home' and grants access by type to an anonymous key", async () => {
    const res = await t.get('/api/events-for-homepage', { api_key: await t.apiKey() });
    const all = Object.values(HomepageEventsSchema.parse(res.json())).flat();
    for (const e of all) {
      expect(e.participants).toHaveLength(2);
      const home = e.participants.find((p) => p.is_home);
      const away = e.participants.find((p) => !p.is_home);
      expect(e.name).toBe(`${away?.short_name} @ ${home?.short_name}`);
      expect(e.home_participant_id).toBe(home?.id);
      expect(e.has_access).toBe(e.access_type === 'free');
    }
  });

  it("returns only the key's channel events", async () => {
    const a = HomepageEventsSchema.parse(
      (await t.get('/api/events-for-homepage', { api_key: await t.apiKey() })).json(),
    );
    const b = HomepageEventsSchema.parse(
      (await t.get('/api/events-for-homepage', { api_key: await t.apiKey('other-league') })).json(),
    );
    const idsA = new Set(
      Object.values(a)
        .flat()
        .map((e) => e.id),
    );
    expect(
      Object.values(b)
        .flat()
        .some((e) => idsA.has(e.id)),
    ).toBe(false);
  });
});
