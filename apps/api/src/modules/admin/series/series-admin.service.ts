import {
  AdminSeriesBodySchema,
  AdminSeriesUpdateBodySchema,
  seriesDays,
  type AdminGameInputSchema,
  type AdminSeries,
  type AdminSeriesResult,
  type Settings,
} from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { zonedWallTimeToUtc } from '../../../lib/zoned-day.js';
import type { AdminCaller } from '../admin-access.js';
import type { Audit, AdminChanges } from '../admin-changes.js';
import type { Snapshot } from '../audit/audit-diff.js';
import {
  createGamesAdminRepository,
  type GamesAdminRepository,
} from '../games/games-admin.repository.js';
import {
  insertGame,
  snapshot as gameSnapshot,
  toGame,
  updateGame,
} from '../games/games-admin.service.js';
import { createSeriesAdminRepository, type SeriesRow } from './series-admin.repository.js';

type SeriesInput = z.output<typeof AdminSeriesBodySchema>;
type SeriesUpdate = z.output<typeof AdminSeriesUpdateBodySchema>;
type GameInput = z.output<typeof AdminGameInputSchema>;
type Currency = Settings['currency'];

export function toSeries(r: SeriesRow): AdminSeries {
  return {
    id: r.id,
    name_en: r.name.en ?? '',
    name_fr: r.name.fr ?? '',
    weekdays: r.weekdays.map(Number),
    start_time: r.start_time,
    first_date: r.first_date,
    last_date: r.last_date,
    time_zone: r.time_zone,
    duration_minutes: r.duration_minutes,
    home_team_id: r.home_team_id,
    away_team_id: r.away_team_id,
    event_category_id: r.event_category_id,
    location_id: r.location_id,
    access_type: r.access_type,
    price_cents: r.price_cents,
    games: Number(r.games ?? 0),
    detached: Number(r.detached ?? 0),
  };
}

const seriesSnapshot = (s: AdminSeries): Snapshot => ({
  name_en: s.name_en,
  name_fr: s.name_fr,
  weekdays: s.weekdays.join(','),
  start_time: s.start_time,
  first_date: s.first_date,
  last_date: s.last_date,
  time_zone: s.time_zone,
  duration_minutes: s.duration_minutes,
  home_team_id: s.home_team_id,
  away_team_id: s.away_team_id,
  event_category_id: s.event_category_id,
  location_id: s.location_id,
  access_type: s.access_type,
  price_cents: s.price_cents,
});

const seriesColumns = (s: SeriesInput) => ({
  name: JSON.stringify(s.name_fr ? { en: s.name_en, fr: s.name_fr } : { en: s.name_en }),
  weekdays: s.weekdays,
  start_time: s.start_time,
  first_date: s.first_date,
  last_date: s.last_date,
  time_zone: s.time_zone,
  duration_minutes: s.duration_minutes,
  home_team_id: s.home_team_id,
  away_team_id: s.away_team_id,
  event_category_id: s.event_category_id,
  location_id: s.location_id,
  access_type: s.access_type,
  price_cents: s.price_cents,
});

/** The game a series makes on one of its days: its wall-clock time there, in its zone. */
const gameOf = (s: SeriesInput, day: string): GameInput => ({
  name_en: s.name_en,
  name_fr: s.name_fr,
  starts_at: `${day}T${s.start_time}`,
  time_zone: s.time_zone,
  duration_minutes: s.duration_minutes,
  home_team_id: s.home_team_id,
  away_team_id: s.away_team_id,
  event_category_id: s.event_category_id,
  location_id: s.location_id,
  access_type: s.access_type,
  price_cents: s.price_cents,
});

const alreadyExists = () =>
  new HttpError(409, 'in_use', 'A series with these teams, first day, days and time exists');

/**
 * Series of recurring games: a series makes one ordinary game per day it names (each audited as
 * a game), and a change to it moves and changes its games not yet over. Games edited on their own
 * (detached) are left alone unless the operator asks; games over are never touched; a game sold
 * or clipped is never deleted (it is kept, and counted as kept).
 */
export function createSeriesAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  currency: (channelId: number) => Promise<Currency>;
  now: () => Date;
}) {
  const reads = createSeriesAdminRepository(deps.db);

  async function one(
    repo: ReturnType<typeof createSeriesAdminRepository>,
    channelId: number,
    id: number,
  ) {
    const row = await repo.byId(channelId, id);
    if (!row) throw notFound('Series not found');
    return toSeries(row);
  }

  /** A game's change inside the series' change, with its own audit row. */
  /** Deletes a series game (audited) unless it was sold or clipped; says whether it did. */
  async function deleteUnlessSold(
    games: GamesAdminRepository,
    audit: Audit,
    channelId: number,
    id: number,
    currency: Currency,
  ): Promise<boolean> {
    if (!(await deletable(games, channelId, id))) return false;
    await auditedGame(
      games,
      audit,
      channelId,
      id,
      currency,
      () => games.deleteEvent(channelId, id),
      'delete',
    );
    return true;
  }

  async function auditedGame(
    games: GamesAdminRepository,
    audit: Audit,
    channelId: number,
    id: number,
    currency: Currency,
    change: () => Promise<void>,
    action: 'update' | 'delete',
  ) {
    const read = async () => {
      const row = await games.byId(channelId, id);
      return row ? gameSnapshot(toGame(row, currency)) : null;
    };
    const before = await read();
    await change();
    const after = action === 'delete' ? null : await read();
    await audit({ action, entity: 'game', entityId: id, before, after });
  }

  /** Makes the series' games for `days` (those not started yet), linked to it. */
  async function makeGames(
    trx: DB,
    audit: Audit,
    caller: AdminCaller,
    seriesId: number,
    s: SeriesInput,
    days: readonly string[],
    currency: Currency,
  ): Promise<number> {
    const games = createGamesAdminRepository(trx);
    const series = createSeriesAdminRepository(trx);
    let made = 0;
    for (const day of days) {
      const id = await insertGame(games, caller.channelId, gameOf(s, day), currency);
      await series.link(caller.channelId, id, seriesId, day);
      const row = await games.byId(caller.channelId, id);
      await audit({
        action: 'create',
        entity: 'game',
        entityId: id,
        before: null,
        after: row ? gameSnapshot(toGame(row, currency)) : null,
      });
      made += 1;
    }
    return made;
  }

  return {
    list: async (channelId: number) => ({ data: (await reads.list(channelId)).map(toSeries) }),

    get: (channelId: number, id: number) => one(reads, channelId, id),

    async create(caller: AdminCaller, s: SeriesInput): Promise<AdminSeriesResult> {
      // Read before the change opens: the embedded database has one connection.
      const currency = await deps.currency(caller.channelId);
      const now = deps.now();
      return deps.changes.apply(caller, async (trx, audit) => {
        const repo = createSeriesAdminRepository(trx);
        // A double click waited on the channel's lock: the first request's series is here.
        if (await repo.same(caller.channelId, s)) throw alreadyExists();
        const id = await repo.insert({ channel_id: caller.channelId, ...seriesColumns(s) });
        const days = seriesDays(s.first_date, s.last_date, s.weekdays).filter(
          (day) => startOf(s, day) > now,
        );
        const created = await makeGames(trx, audit, caller, id, s, days, currency);
        const after = await one(repo, caller.channelId, id);
        await audit({
          action: 'create',
          entity: 'series',
          entityId: id,
          before: null,
          after: seriesSnapshot(after),
        });
        return { series: after, created, updated: 0, deleted: 0, kept: 0 };
      });
    },

    async update(caller: AdminCaller, id: number, s: SeriesUpdate): Promise<AdminSeriesResult> {
      const currency = await deps.currency(caller.channelId);
      const now = deps.now();
      return deps.changes.apply(caller, async (trx, audit) => {
        const repo = createSeriesAdminRepository(trx);
        const games = createGamesAdminRepository(trx);
        const before = await one(repo, caller.channelId, id);
        const twin = await repo.same(caller.channelId, s);
        if (twin && twin.id !== id) throw alreadyExists();
        await repo.update(caller.channelId, id, seriesColumns(s));
        const wanted = new Set(seriesDays(s.first_date, s.last_date, s.weekdays));
        let updated = 0;
        let deleted = 0;
        let kept = 0;
        for (const g of await repo.upcomingGames(caller.channelId, id, now)) {
          if (g.series_detached && !s.include_detached) {
            kept += 1;
            continue;
          }
          const day = g.series_day;
          if (day !== null && wanted.has(day)) {
            await auditedGame(
              games,
              audit,
              caller.channelId,
              g.id,
              currency,
              async () => {
                await updateGame(games, caller.channelId, g.id, gameOf(s, day), currency);
                await repo.link(caller.channelId, g.id, id, day);
              },
              'update',
            );
            updated += 1;
          } else if (await deleteUnlessSold(games, audit, caller.channelId, g.id, currency)) {
            deleted += 1;
          } else {
            kept += 1;
          }
        }
        const have = await repo.days(caller.channelId, id);
        const days = [...wanted].filter((day) => !have.has(day) && startOf(s, day) > now);
        const created = await makeGames(trx, audit, caller, id, s, days, currency);
        const after = await one(repo, caller.channelId, id);
        await audit({
          action: 'update',
          entity: 'series',
          entityId: id,
          before: seriesSnapshot(before),
          after: seriesSnapshot(after),
        });
        return { series: after, created, updated, deleted, kept };
      });
    },

    /** Cancels the series: its games not over are deleted (unless sold or clipped), then it. */
    async remove(caller: AdminCaller, id: number): Promise<AdminSeriesResult> {
      const currency = await deps.currency(caller.channelId);
      const now = deps.now();
      return deps.changes.apply(caller, async (trx, audit) => {
        const repo = createSeriesAdminRepository(trx);
        const games = createGamesAdminRepository(trx);
        const before = await one(repo, caller.channelId, id);
        let deleted = 0;
        let kept = 0;
        for (const g of await repo.upcomingGames(caller.channelId, id, now)) {
          if (await deleteUnlessSold(games, audit, caller.channelId, g.id, currency)) deleted += 1;
          else kept += 1;
        }
        // Games over (and those kept) stay on the schedule, no longer in a series.
        await repo.remove(caller.channelId, id);
        await audit({
          action: 'delete',
          entity: 'series',
          entityId: id,
          before: seriesSnapshot(before),
          after: null,
        });
        return { series: null, created: 0, updated: 0, deleted, kept };
      });
    },
  };
}
export type SeriesAdminService = ReturnType<typeof createSeriesAdminService>;

/** When the series' game on `day` starts (the channel's clock decides if it is still ahead). */
function startOf(s: SeriesInput, day: string): Date {
  return zonedWallTimeToUtc(`${day}T${s.start_time}`, s.time_zone);
}

/** A game nobody bought and nobody clipped: the only kind a series change may delete. */
async function deletable(games: GamesAdminRepository, channelId: number, id: number) {
  const row = await games.byId(channelId, id);
  return row !== undefined && !row.has_orders && !(await games.hasClips(channelId, id));
}
