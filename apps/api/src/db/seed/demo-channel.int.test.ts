import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SettingsSchema, THEME_COLOR_NAMES } from '@rudy/contracts';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import type { Database } from '../schema.js';
import { createTestDatabase } from '../../test/test-database.js';
import { seedDemoChannel } from './demo-channel.js';

// A fixed evening in Eastern time, so that finished, live and upcoming games are predictable.
const NOW = new Date('2025-11-14T23:30:00Z');
const MINUTE = 60_000;

const CHANNEL_TABLES = [
  'settings',
  'color_settings',
  'menus',
  'pages',
  'faq',
  'static_blocks',
  'slides',
  'event_categories',
  'locations',
  'participant_groups',
  'participant_group_properties',
  'participants',
  'events',
  'event_participants',
  'packages',
  'package_event_categories',
  'package_participants',
  'subscriptions',
  'prerolls',
  'vod_media_categories',
  'vod_media_items',
  'vod_media_rails',
  'vod_media_rail_items',
] as const;

async function countRows(db: Kysely<Database>, channelId: number) {
  const counts: Record<string, number> = {};
  for (const table of CHANNEL_TABLES) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(table)} where channel_id = ${channelId}
    `.execute(db);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

async function expectSeededChannel(db: Kysely<Database>): Promise<void> {
  const first = await seedDemoChannel(db, { now: NOW });
  expect(first.created).toBe(true);
  const channel = await db
    .selectFrom('channels')
    .selectAll()
    .where('id', '=', first.channelId)
    .executeTakeFirstOrThrow();
  expect(channel).toMatchObject({ key: 'demo-hockey', hosts: ['localhost', '127.0.0.1'] });

  const counts = await countRows(db, first.channelId);
  expect(counts).toEqual({
    settings: 1,
    color_settings: THEME_COLOR_NAMES.length,
    menus: 11,
    pages: 6,
    faq: 8,
    static_blocks: 3,
    slides: 4,
    event_categories: 3,
    locations: 5,
    participant_groups: 4,
    participant_group_properties: 4,
    participants: 9,
    events: 40,
    event_participants: 80,
    // season, team and basic passes plus one package per paid or pay-per-view game
    packages: 9,
    package_event_categories: 3,
    package_participants: 2,
    subscriptions: 2,
    prerolls: 2,
    // the library: pending items until the worker has made their videos
    vod_media_categories: 4,
    vod_media_items: 9,
    vod_media_rails: 4,
    vod_media_rail_items: 14,
  });

  const settings = await db
    .selectFrom('settings')
    .select('data')
    .where('channel_id', '=', first.channelId)
    .executeTakeFirstOrThrow();
  expect(SettingsSchema.parse(settings.data)).toMatchObject({ language: 'en', currency: 'CAD' });

  const colors = await db
    .selectFrom('color_settings')
    .select(['name', 'client_interface'])
    .where('channel_id', '=', first.channelId)
    .execute();
  expect(colors.map((c) => c.name).sort()).toEqual([...THEME_COLOR_NAMES].sort());
  expect(colors.every((c) => c.client_interface === 'web')).toBe(true);

  await expectGames(db, first.channelId);
  await expectCommerce(db, first.channelId);

  const again = await seedDemoChannel(db, { now: new Date(NOW.getTime() + 86_400_000) });
  expect(again).toEqual({ channelId: first.channelId, created: false });
  expect(await countRows(db, first.channelId)).toEqual(counts);

  // The test app seeds a second channel with another key; it must get rows of its own.
  const other = await seedDemoChannel(db, { now: NOW, channelKey: 'other-league', hosts: [] });
  expect(other.created).toBe(true);
  expect(other.channelId).not.toBe(first.channelId);
  expect(await countRows(db, other.channelId)).toEqual(counts);
}

async function expectGames(db: Kysely<Database>, channelId: number): Promise<void> {
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('channel_id', '=', channelId)
    .execute();
  const links = await db
    .selectFrom('event_participants')
    .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
    .select(['event_id', 'participant_id', 'is_home', 'participants.short_name'])
    .where('event_participants.channel_id', '=', channelId)
    .execute();

  const state = { finished: 0, live: 0, upcoming: 0 };
  for (const event of events) {
    const teams = links.filter((l) => l.event_id === event.id);
    expect(teams).toHaveLength(2);
    const home = teams.find((t) => t.is_home);
    const away = teams.find((t) => !t.is_home);
    expect(home?.participant_id).toBe(event.home_participant_id);
    expect(event.name).toEqual({
      en: `${away?.short_name} @ ${home?.short_name}`,
      fr: `${away?.short_name} @ ${home?.short_name}`,
    });
    expect(event.description?.en && event.description.fr).toBeTruthy();
    expect(event.event_category_id).not.toBeNull();
    expect(event.location_id).not.toBeNull();
    expect(event.duration_minutes).toBe(120);

    const start = new Date(event.event_utc_ts).getTime();
    const end = start + event.duration_minutes * MINUTE;
    if (end <= NOW.getTime()) state.finished += 1;
    else if (start > NOW.getTime()) state.upcoming += 1;
    else {
      state.live += 1;
      const startedAgo = (NOW.getTime() - start) / MINUTE;
      expect(startedAgo).toBeGreaterThanOrEqual(10);
      expect(startedAgo).toBeLessThanOrEqual(60);
    }
    if (event.access_type === 'paid' || event.access_type === 'ppv') {
      expect(event.single_event_package_id).not.toBeNull();
    } else {
      expect(event.single_event_package_id).toBeNull();
    }
  }
  expect(state).toEqual({ finished: 15, live: 3, upcoming: 22 });

  const latest = Math.max(...events.map((e) => new Date(e.event_utc_ts).getTime()));
  expect(latest - NOW.getTime()).toBeLessThanOrEqual(22 * 86_400_000);
  const access = new Set(events.map((e) => e.access_type));
  expect([...access].sort()).toEqual(['free', 'paid', 'ppv', 'register']);
}

async function expectCommerce(db: Kysely<Database>, channelId: number): Promise<void> {
  const packages = await db
    .selectFrom('packages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .execute();
  const singles = packages.filter((p) => p.scope === 'single');
  const sold = await db
    .selectFrom('events')
    .select(['id', 'single_event_package_id'])
    .where('channel_id', '=', channelId)
    .where('access_type', 'in', ['paid', 'ppv'])
    .execute();
  expect(singles).toHaveLength(sold.length);
  for (const event of sold) {
    const pkg = singles.find((p) => p.id === event.single_event_package_id);
    expect(pkg?.event_id).toBe(event.id);
  }
  expect(packages.filter((p) => p.is_team_pass)).toHaveLength(1);
  expect(packages.find((p) => p.is_basic)).toMatchObject({ disabled: true, base_price_cents: 0 });
  expect(packages.every((p) => p.currency === 'CAD' && p.name.en && p.name.fr)).toBe(true);

  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['period', 'trial_period_days'])
    .where('channel_id', '=', channelId)
    .orderBy('position')
    .execute();
  expect(subscriptions).toEqual([
    { period: 'month', trial_period_days: 7 },
    { period: 'annual', trial_period_days: 0 },
  ]);

  const slides = await db
    .selectFrom('slides')
    .select(['slidable_type', 'slidable_id', 'link_url', 'image_url'])
    .where('channel_id', '=', channelId)
    .execute();
  expect(slides.map((s) => s.slidable_type).sort()).toEqual([
    'category',
    'group',
    'main',
    'participant',
  ]);
  for (const slide of slides.filter((s) => s.slidable_type !== 'main')) {
    expect(slide.link_url).toContain(`=${slide.slidable_id}`);
  }
  expect(slides.every((s) => s.image_url.startsWith('data:image/svg+xml,'))).toBe(true);
}

async function withDatabase(
  open: () => Promise<DatabaseHandle>,
  check: typeof expectSeededChannel,
) {
  const handle = await open();
  try {
    await check(handle.db);
  } finally {
    await handle.close();
  }
}

describe('seedDemoChannel', () => {
  it('seeds a complete demo channel once on PGlite', async () => {
    await withDatabase(async () => {
      const handle = await openDatabase({ dataDir: 'memory://' });
      await migrateToLatest(handle.db);
      return handle;
    }, expectSeededChannel);
  });

  // createTestDatabase makes and later drops a database of its own on the server.
  it.skipIf(!process.env.DATABASE_URL)('seeds the same channel on PostgreSQL', async () => {
    await withDatabase(createTestDatabase, expectSeededChannel);
  });
});
