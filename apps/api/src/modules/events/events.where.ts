import type { FavoritableType } from '@rudy/contracts';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { catalogueSearchQuery, foldedDoc } from '../../db/catalogue-search.js';
import type { Database } from '../../db/schema.js';
import { EVENT_MAX_DURATION_MINUTES } from './event-rules.js';
import type { EventFilter, EventOrder, EventWindow } from './event-filters.js';

/*
 * SQL only: the WHERE and ORDER BY of the event listings, over `events as e`. Expressions that an
 * index covers (0002-catalogue-indexes) are written exactly as indexed, or PostgreSQL won't use it.
 */

export type EventsScope = Database & { e: Database['events'] };
type EB = ExpressionBuilder<EventsScope, 'e'>;

export const endTs = sql<Date>`e.event_utc_ts + make_interval(mins => e.duration_minutes)`;

const MINUTE_MS = 60_000;

function windowWhere(eb: EB, { kind, at }: EventWindow): Expression<SqlBool> {
  switch (kind) {
    case 'upcoming':
      return eb('e.event_utc_ts', '>', at);
    case 'live': {
      // The duration cap turns "started and not yet over" into a bounded index range.
      const earliest = new Date(at.getTime() - EVENT_MAX_DURATION_MINUTES * MINUTE_MS);
      return eb.and([
        eb('e.event_utc_ts', '<=', at),
        eb('e.event_utc_ts', '>', earliest),
        eb(endTs, '>', at),
      ]);
    }
    case 'finished':
      return eb.and([eb('e.event_utc_ts', '<=', at), eb(endTs, '<=', at)]);
  }
}

function participantWhere(eb: EB, channelId: number, f: EventFilter): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.participantId !== undefined) {
    out.push(
      eb(
        'e.id',
        'in',
        eb
          .selectFrom('event_participants as ep')
          .select('ep.event_id')
          .where('ep.channel_id', '=', channelId)
          .where('ep.participant_id', '=', f.participantId),
      ),
    );
  }
  const c = f.participant;
  if (c) {
    let q = eb
      .selectFrom('event_participants as ep')
      .innerJoin('participants as p', 'p.id', 'ep.participant_id')
      .select('ep.event_id')
      .where('ep.channel_id', '=', channelId)
      .where('p.channel_id', '=', channelId);
    if (c.groupId !== undefined) q = q.where('p.participant_group_id', '=', c.groupId);
    if (c.sport !== undefined) q = q.where('p.sport', '=', c.sport);
    if (c.league !== undefined) q = q.where('p.league', '=', c.league);
    if (c.division !== undefined) q = q.where('p.division', '=', c.division);
    if (c.gender !== undefined) q = q.where('p.gender', '=', c.gender);
    out.push(eb('e.id', 'in', q));
  }
  return out;
}

/**
 * Event name words, a participant's name words, or the rink's name or city ("Kingston"); a union
 * so each side uses its own index (a channel has a handful of rinks: they are scanned).
 */
function searchWhere(eb: EB, channelId: number, words: string[]): Expression<SqlBool> {
  const query = catalogueSearchQuery(channelId, words);
  const byName = eb
    .selectFrom('events as s')
    .select('s.id')
    .where('s.channel_id', '=', channelId)
    .where(
      sql<SqlBool>`${foldedDoc(sql`coalesce(s.name->>'en', '') || ' ' || coalesce(s.name->>'fr', '')`)} @@ ${query}`,
    );
  const byTeam = eb
    .selectFrom('event_participants as ep')
    .innerJoin('participants as p', 'p.id', 'ep.participant_id')
    .select('ep.event_id as id')
    .where('ep.channel_id', '=', channelId)
    .where('p.channel_id', '=', channelId)
    .where(sql<SqlBool>`${foldedDoc(sql`p.name || ' ' || p.short_name`)} @@ ${query}`);
  const byPlace = eb
    .selectFrom('events as s')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .select('s.id')
    .where('s.channel_id', '=', channelId)
    .where('l.channel_id', '=', channelId)
    .where(sql<SqlBool>`${foldedDoc(sql`l.name || ' ' || coalesce(l.city, '')`)} @@ ${query}`);
  return eb('e.id', 'in', byName.unionAll(byTeam).unionAll(byPlace));
}

/**
 * Events of the user's favourite teams, of teams of their favourite schools, of favourite sports,
 * their favourite games themselves, and the games at their favourite rinks.
 */
function favoritesWhere(eb: EB, channelId: number, userId: number): Expression<SqlBool> {
  const favIds = (type: FavoritableType) =>
    eb
      .selectFrom('favorites as f')
      .select('f.favoritable_id')
      .where('f.channel_id', '=', channelId)
      .where('f.user_id', '=', userId)
      .where('f.favoritable_type', '=', type);
  const byTeams = eb
    .selectFrom('event_participants as ep')
    .innerJoin('participants as p', 'p.id', 'ep.participant_id')
    .select('ep.event_id')
    .where('ep.channel_id', '=', channelId)
    .where((w) =>
      w.or([
        w('ep.participant_id', 'in', favIds('participant')),
        w('p.participant_group_id', 'in', favIds('participant_group')),
      ]),
    );
  return eb.or([
    eb('e.id', 'in', byTeams),
    eb('e.event_category_id', 'in', favIds('event_category')),
    eb('e.id', 'in', favIds('favorite_event')),
    eb('e.location_id', 'in', favIds('event_location')),
  ]);
}

export function eventWhere(eb: EB, channelId: number, f: EventFilter): Expression<SqlBool> {
  // An unpublished game is the console's alone: no listing, rail, search or count shows it.
  const all: Expression<SqlBool>[] = [
    eb('e.channel_id', '=', channelId),
    eb('e.published', '=', true),
  ];
  if (f.categoryId !== undefined) all.push(eb('e.event_category_id', '=', f.categoryId));
  if (f.locationId !== undefined) all.push(eb('e.location_id', '=', f.locationId));
  if (f.window) all.push(windowWhere(eb, f.window));
  if (f.startFrom) all.push(eb('e.event_utc_ts', '>=', f.startFrom));
  if (f.startBefore) all.push(eb('e.event_utc_ts', '<', f.startBefore));
  all.push(...participantWhere(eb, channelId, f));
  if (f.search !== undefined) all.push(searchWhere(eb, channelId, f.search));
  if (f.favoritesOfUser !== undefined) all.push(favoritesWhere(eb, channelId, f.favoritesOfUser));
  if (f.withClip) {
    all.push(
      eb.exists(
        eb
          .selectFrom('clips as c')
          .select('c.id')
          .where('c.channel_id', '=', channelId)
          .whereRef('c.event_id', '=', 'e.id')
          .where('c.status', '=', 'success'),
      ),
    );
  }
  return eb.and(all);
}

/** Sort keys as indexed: the name in the caller's language, falling back to the other one. */
const NAME_KEY = {
  en: sql`coalesce(e.name->>'en', e.name->>'fr')`,
  fr: sql`coalesce(e.name->>'fr', e.name->>'en')`,
} as const;

export function eventOrderKey(order: EventOrder) {
  return order.field === 'name' ? NAME_KEY[order.locale] : sql`e.event_utc_ts`;
}
