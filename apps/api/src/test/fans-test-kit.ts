import { randomBytes } from 'node:crypto';
import type { DB } from '../db/database.js';

/*
 * Test fixtures of the fans module: a game of two of the channel's teams, and viewers who follow
 * things about it. Only tests import this file.
 */

/** Two teams of a school-bearing sport of the channel, and the sport (event category). */
export async function teamsOf(db: DB, channelId: number) {
  const teams = await db
    .selectFrom('participants')
    .select(['id', 'name', 'short_name', 'participant_group_id'])
    .where('channel_id', '=', channelId)
    .where('participant_group_id', 'is not', null)
    .orderBy('id')
    .limit(2)
    .execute();
  const sport = await db
    .selectFrom('event_categories')
    .select(['id', 'name'])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const [home, away] = teams;
  if (!home || !away) throw new Error('the seed has no two teams with a school');
  return { home, away, sport };
}

export async function insertGame(
  db: DB,
  o: {
    channelId: number;
    start: Date;
    homeId: number;
    awayId: number;
    categoryId: number;
    timeZone?: string;
  },
) {
  const game = await db
    .insertInto('events')
    .values({
      channel_id: o.channelId,
      name: JSON.stringify({ en: 'Test game', fr: 'Match test' }),
      event_utc_ts: o.start,
      duration_minutes: 120,
      time_zone: o.timeZone ?? 'America/New_York',
      event_category_id: o.categoryId,
      published: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('event_participants')
    .values([
      { channel_id: o.channelId, event_id: game.id, participant_id: o.homeId, is_home: true },
      { channel_id: o.channelId, event_id: game.id, participant_id: o.awayId, is_home: false },
    ])
    .execute();
  return game.id;
}

/** A verified viewer following the given things. */
export async function follower(
  db: DB,
  channelId: number,
  follows: { type: 'participant' | 'participant_group' | 'event_category'; id: number }[],
  o: { language?: 'en' | 'fr'; email?: string } = {},
) {
  const email = o.email ?? `fan-${randomBytes(5).toString('hex')}@example.test`;
  const user = await db
    .insertInto('users')
    .values({
      channel_id: channelId,
      email,
      first_name: 'Fan',
      last_name: 'Test',
      password_hash: null,
      email_verified_at: new Date(),
      language: o.language ?? 'en',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (follows.length > 0) {
    await db
      .insertInto('favorites')
      .values(
        follows.map((f) => ({
          channel_id: channelId,
          user_id: user.id,
          favoritable_type: f.type,
          favoritable_id: f.id,
        })),
      )
      .execute();
  }
  return { userId: user.id, email };
}
