import { describe, expect, it } from 'vitest';
import {
  EventSchema,
  EventsPageSchema,
  EventsQuerySchema,
  FavoriteEventsQuerySchema,
} from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import type { EventRow, EventsRepository } from './events.repository.js';
import { createEventsService, type Viewer } from './events.service.js';

function row(id: number, start: string): EventRow {
  const begins = new Date(start);
  return {
    id,
    channel_id: 1,
    name: { en: `Game ${id}`, fr: `Match ${id}` },
    description: null,
    event_category_id: 1,
    location_id: 1,
    event_utc_ts: begins,
    duration_minutes: 120,
    time_zone: 'UTC',
    access_type: 'register',
    home_participant_id: null,
    image_url: null,
    single_event_package_id: null,
    geo_allowed_countries: null,
    geo_blocked_countries: null,
    created_at: begins,
    published: true,
    preroll_mode: 'auto',
    preroll_id: null,
    schedule_sequence: 0,
    schedule_updated_at: new Date('2026-01-01T00:00:00Z'),
    series_id: null,
    series_day: null,
    series_detached: false,
    end_utc_ts: new Date(begins.getTime() + 120 * 60_000),
    participants: [],
    media: [],
  };
}

/** A repository over a fixed list that records what it was asked. */
function fakeRepo(rows: EventRow[]) {
  const calls = { list: 0, count: 0 };
  const repo = {
    list: (_c: number, _f: unknown, _o: unknown, page: { offset: number; limit: number }) => {
      calls.list++;
      return Promise.resolve(rows.slice(page.offset, page.offset + page.limit));
    },
    count: () => {
      calls.count++;
      return Promise.resolve(rows.length);
    },
    byId: (_c: number, id: number) => Promise.resolve(rows.find((r) => r.id === id)),
  } as unknown as EventsRepository;
  return { repo, calls };
}

const anonymous: Viewer = { channelId: 1, userId: null, locale: 'en' };
const signedIn: Viewer = { ...anonymous, userId: 9 };
const parsePage = (json: Buffer) => EventsPageSchema.parse(JSON.parse(json.toString('utf8')));

describe('events service', () => {
  const rows = [row(1, '2026-03-01T10:30:00Z'), row(2, '2026-03-01T13:00:00Z')];

  it('counts only when the page is full', async () => {
    const { repo, calls } = fakeRepo(rows);
    const service = createEventsService(repo, () => new Date('2026-03-01T12:00:00Z'));
    const short = parsePage(await service.listJson(anonymous, EventsQuerySchema.parse({})));
    expect(short.meta).toEqual({ total: 2, offset: 0, limit: 20 });
    expect(calls.count).toBe(0);
    const full = parsePage(
      await service.listJson(anonymous, EventsQuerySchema.parse({ limit: '1' })),
    );
    expect(full.meta.total).toBe(2);
    expect(calls.count).toBe(1);
    const beyond = parsePage(
      await service.listJson(anonymous, EventsQuerySchema.parse({ offset: '5' })),
    );
    expect(beyond).toEqual({ data: [], meta: { total: 2, offset: 5, limit: 20 } });
  });

  it('derives type and access from the clock and the caller', async () => {
    const { repo } = fakeRepo(rows);
    const service = createEventsService(repo, () => new Date('2026-03-01T12:00:00Z'));
    const anon = parsePage(await service.listJson(anonymous, EventsQuerySchema.parse({})));
    expect(anon.data.map((e) => [e.type, e.stream_status, e.has_access])).toEqual([
      ['live', 'live', false],
      ['upcoming', null, false],
    ]);
    const mine = parsePage(await service.listJson(signedIn, EventsQuerySchema.parse({})));
    expect(mine.data.every((e) => e.has_access)).toBe(true);
  });

  it("says whether each game's video is ready: a replay still being packaged is not", async () => {
    const media = (status: 'pending' | 'ready', kind = 3) => ({
      kind,
      status,
      url: null,
      storage_key: `1/events/1/${kind === 3 ? 'vod' : 'live'}/master.m3u8`,
    });
    const finished = [
      { ...row(1, '2026-03-01T08:00:00Z'), media: [media('ready')] },
      { ...row(2, '2026-03-01T08:00:00Z'), media: [media('pending')] },
      { ...row(3, '2026-03-01T08:00:00Z'), media: [] },
      { ...row(4, '2026-03-01T11:00:00Z'), media: [media('pending', 2)] },
      { ...row(5, '2026-03-01T13:00:00Z'), media: [media('ready')] },
    ];
    const { repo } = fakeRepo(finished);
    const service = createEventsService(repo, () => new Date('2026-03-01T12:00:00Z'));
    const page = parsePage(await service.listJson(anonymous, EventsQuerySchema.parse({})));
    expect(page.data.map((e) => [e.id, e.type, e.stream_state])).toEqual([
      [1, 'finished', 'ready'],
      [2, 'finished', 'preparing'],
      [3, 'finished', 'unavailable'],
      [4, 'live', 'preparing'],
      [5, 'upcoming', 'upcoming'],
    ]);
  });

  it('serves a public page from the cache within its lifetime, per signed-in state', async () => {
    const { repo, calls } = fakeRepo(rows);
    let clock = new Date('2026-03-01T12:00:00Z').getTime();
    const service = createEventsService(repo, () => new Date(clock), { cacheMs: 5_000 });
    const q = EventsQuerySchema.parse({ type: 'live' });
    const first = await service.listJson(anonymous, q);
    clock += 4_000;
    expect(await service.listJson(anonymous, q)).toBe(first);
    expect(calls.list).toBe(1);
    await service.listJson(signedIn, q);
    await service.listJson(anonymous, EventsQuerySchema.parse({ type: 'upcoming' }));
    expect(calls.list).toBe(3);
    clock += 20_000;
    await service.listJson(anonymous, q);
    expect(calls.list).toBe(4);
  });

  it("shares the rows of a page between buyers, never one buyer's access", async () => {
    const paid = rows.map((r) => ({ ...r, access_type: 'paid' as const }));
    const { repo, calls } = fakeRepo(paid);
    const clock = new Date('2026-03-01T12:00:00Z').getTime();
    const owners = new Map<number, Set<number>>([[9, new Set([1])]]);
    const lookups: number[] = [];
    const service = createEventsService(repo, () => new Date(clock), {
      cacheMs: 5_000,
      entitlements: {
        purchasedEventIds: (_channel, userId) => {
          lookups.push(userId ?? 0);
          return Promise.resolve(owners.get(userId ?? 0) ?? new Set<number>());
        },
      },
    });
    const q = EventsQuerySchema.parse({});
    const buyer = parsePage(await service.listJson(signedIn, q));
    const other = parsePage(await service.listJson({ ...signedIn, userId: 10 }, q));
    expect(buyer.data.map((e) => e.has_access)).toEqual([true, false]);
    expect(other.data.map((e) => e.has_access)).toEqual([false, false]);
    expect(calls.list).toBe(1);
    expect(lookups).toEqual([9, 10]);
    // A purchase shows on the next request, even while the rows are cached.
    owners.set(10, new Set([2]));
    const after = parsePage(await service.listJson({ ...signedIn, userId: 10 }, q));
    expect(after.data.map((e) => e.has_access)).toEqual([false, true]);
    expect(calls.list).toBe(1);
  });

  it('answers a contradictory query without asking the repository', async () => {
    const { repo, calls } = fakeRepo(rows);
    const service = createEventsService(repo);
    const q = EventsQuerySchema.parse({ type: 'upcoming', stream_status: 'live' });
    expect(parsePage(await service.listJson(anonymous, q)).meta.total).toBe(0);
    expect(calls.list).toBe(0);
  });

  it('lists favourites only for a signed-in caller, never from the cache', async () => {
    const { repo, calls } = fakeRepo(rows);
    const service = createEventsService(repo, undefined, { cacheMs: 5_000 });
    const q = FavoriteEventsQuerySchema.parse({});
    await expect(service.favorites(anonymous, q)).rejects.toBeInstanceOf(HttpError);
    await service.favorites(signedIn, q);
    await service.favorites(signedIn, q);
    expect(calls.list).toBe(2);
  });

  it('reports a missing event as not found', async () => {
    const { repo } = fakeRepo(rows);
    const service = createEventsService(repo);
    await expect(service.byIdJson(anonymous, 99)).rejects.toMatchObject({ statusCode: 404 });
    const event = EventSchema.parse(JSON.parse((await service.byIdJson(anonymous, 2)).toString()));
    expect(event.name).toBe('Game 2');
  });
});
