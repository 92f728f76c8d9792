import {
  ADMIN_MESSAGES,
  AdminGameInputSchema,
  fieldMessageText,
  isForSale,
  type GeoRule,
  type AdminGame,
  type AdminGameOptions,
  type AdminGamesPage,
  type Settings,
} from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import { pickText } from '../../../lib/i18n-text.js';
import { zonedWallTime, zonedWallTimeToUtc } from '../../../lib/zoned-day.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createAuditedEntity } from '../audited-entity.js';
import type { Snapshot } from '../audit/audit-diff.js';
import {
  createGamesAdminRepository,
  type GameRow,
  type GamesAdminRepository,
  type GameWindow,
} from './games-admin.repository.js';
import { videoStateOf } from './video-state.js';

type GameInput = z.output<typeof AdminGameInputSchema>;
type Currency = Settings['currency'];

/** What a single-game purchase grants (as the demo's games do): watching it, live and after. */
const SINGLE_GAME_ACCESSES = ['watch', 'vod_media_access'];

/** A refused field: its message code, and the code's English text as the error's message. */
export const invalid = (field: string, code: string) =>
  new HttpError(400, 'validation_failed', fieldMessageText(code), { [field]: code });

/** The stored allow and block lists as the console's one rule (an allow list wins, as geo does). */
function geoOf(r: Pick<GameRow, 'geo_allowed_countries' | 'geo_blocked_countries'>): {
  geo_rule: GeoRule;
  geo_countries: string[];
} {
  const allowed = r.geo_allowed_countries?.filter(Boolean) ?? [];
  const blocked = r.geo_blocked_countries?.filter(Boolean) ?? [];
  if (allowed.length > 0) return { geo_rule: 'only', geo_countries: allowed };
  if (blocked.length > 0) return { geo_rule: 'except', geo_countries: blocked };
  return { geo_rule: 'everywhere', geo_countries: [] };
}

export function toGame(r: GameRow, currency: Currency): AdminGame {
  const start = new Date(r.event_utc_ts);
  return {
    id: r.id,
    name_en: r.name.en ?? '',
    name_fr: r.name.fr ?? '',
    starts_at: zonedWallTime(start, r.time_zone),
    time_zone: r.time_zone,
    event_utc_ts: start.toISOString(),
    duration_minutes: r.duration_minutes,
    home_team_id: r.home_team_id ?? null,
    away_team_id: r.away_team_id ?? null,
    event_category_id: r.event_category_id,
    location_id: r.location_id,
    access_type: r.access_type,
    // A price only means something while the game is for sale.
    price_cents: isForSale(r.access_type) ? (r.price_cents ?? null) : null,
    currency,
    has_orders: Boolean(r.has_orders),
    published: r.published,
    ...geoOf(r),
    preroll_mode: r.preroll_mode,
    preroll_id: r.preroll_mode === 'chosen' ? r.preroll_id : null,
    video_state: videoStateOf(r),
    series_id: r.series_id,
    series_detached: r.series_detached,
  };
}

export const snapshot = (g: AdminGame): Snapshot => ({
  name_en: g.name_en,
  name_fr: g.name_fr,
  starts_at: g.starts_at,
  time_zone: g.time_zone,
  duration_minutes: g.duration_minutes,
  home_team_id: g.home_team_id,
  away_team_id: g.away_team_id,
  event_category_id: g.event_category_id,
  location_id: g.location_id,
  access_type: g.access_type,
  price_cents: g.price_cents,
  published: g.published,
  geo_rule: g.geo_rule,
  geo_countries: g.geo_countries.join(','),
  preroll_mode: g.preroll_mode,
  preroll_id: g.preroll_id,
});

async function checkRefs(repo: GamesAdminRepository, channelId: number, g: GameInput) {
  if ((await repo.countTeams(channelId, [g.home_team_id, g.away_team_id])) !== 2)
    throw invalid('home_team_id', ADMIN_MESSAGES.unknownTeam);
  if (g.event_category_id !== null && !(await repo.categoryExists(channelId, g.event_category_id)))
    throw invalid('event_category_id', ADMIN_MESSAGES.unknownSport);
  if (g.location_id !== null && !(await repo.locationExists(channelId, g.location_id)))
    throw invalid('location_id', ADMIN_MESSAGES.unknownRink);
  if (
    g.preroll_mode === 'chosen' &&
    g.preroll_id != null &&
    !(await repo.prerollExists(channelId, g.preroll_id))
  )
    throw invalid('preroll_id', ADMIN_MESSAGES.unknownPreroll);
}

/** Geo rules and pre-roll choice, when the caller sent them (else they stay as they are). */
const extraColumns = (g: GameInput) => ({
  ...(g.geo_rule === undefined
    ? {}
    : {
        geo_allowed_countries: g.geo_rule === 'only' ? (g.geo_countries ?? []) : null,
        geo_blocked_countries: g.geo_rule === 'except' ? (g.geo_countries ?? []) : null,
      }),
  ...(g.preroll_mode === undefined
    ? {}
    : {
        preroll_mode: g.preroll_mode,
        preroll_id: g.preroll_mode === 'chosen' ? (g.preroll_id ?? null) : null,
      }),
});

const eventColumns = (g: GameInput) => ({
  name: JSON.stringify(g.name_fr ? { en: g.name_en, fr: g.name_fr } : { en: g.name_en }),
  event_utc_ts: zonedWallTimeToUtc(g.starts_at, g.time_zone),
  time_zone: g.time_zone,
  duration_minutes: g.duration_minutes,
  event_category_id: g.event_category_id,
  location_id: g.location_id,
  access_type: g.access_type,
  home_participant_id: g.home_team_id,
  ...extraColumns(g),
});

/** Points the game at its package while it is for sale (made on first sale, kept after). */
async function setPrice(
  repo: GamesAdminRepository,
  channelId: number,
  id: number,
  g: GameInput,
  currency: Currency,
) {
  const current = await repo.singlePackage(channelId, id);
  const name = JSON.stringify({
    en: `Single game: ${g.name_en}`,
    fr: `Match à l’unité : ${g.name_fr || g.name_en}`,
  });
  if (!isForSale(g.access_type) || g.price_cents === null) {
    if (current) await repo.updatePackage(channelId, current.id, { disabled: true });
    await repo.updateEvent(channelId, id, { single_event_package_id: null });
    return;
  }
  const price = { name, base_price_cents: g.price_cents, disabled: false };
  let packageId = current?.id;
  if (packageId === undefined) {
    packageId = await repo.insertPackage({
      channel_id: channelId,
      ...price,
      service_fee_cents: 0,
      currency,
      scope: 'single',
      accesses: SINGLE_GAME_ACCESSES,
      event_id: id,
    });
  } else {
    await repo.updatePackage(channelId, packageId, price);
  }
  await repo.updateEvent(channelId, id, { single_event_package_id: packageId });
}

/**
 * A new game's rows in a change's transaction: its references checked (another channel's team is
 * refused), the event, its two teams and, for sale, its price. Returns its id.
 */
export async function insertGame(
  repo: GamesAdminRepository,
  channelId: number,
  g: GameInput,
  currency: Currency,
): Promise<number> {
  await checkRefs(repo, channelId, g);
  const id = await repo.insertEvent({ channel_id: channelId, ...eventColumns(g) });
  await repo.setTeams(channelId, id, g.home_team_id, g.away_team_id);
  await setPrice(repo, channelId, id, g, currency);
  return id;
}

/** A game's rows changed in a change's transaction: references checked, event, teams, price. */
export async function updateGame(
  repo: GamesAdminRepository,
  channelId: number,
  id: number,
  g: GameInput,
  currency: Currency,
  extra: { series_detached?: boolean } = {},
): Promise<void> {
  await checkRefs(repo, channelId, g);
  await repo.updateEvent(channelId, id, { ...eventColumns(g), ...extra });
  await repo.setTeams(channelId, id, g.home_team_id, g.away_team_id);
  await setPrice(repo, channelId, id, g, currency);
}

/**
 * The console's games: schedule in the game's own time zone, two teams, access type and the
 * single-game price (a package of its own, which the game points to while it is for sale). A sold
 * game is never deleted (its buyers' orders point at it), nor one with viewers' clips.
 */
export function createGamesAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  currency: (channelId: number) => Promise<Currency>;
  timeZone: (channelId: number) => Promise<string>;
  now: () => Date;
}) {
  const reads = createGamesAdminRepository(deps.db);
  // The channel's currency is read before each change opens (see createAuditedEntity's context).
  const games = createAuditedEntity({
    changes: deps.changes,
    entity: 'game',
    repository: createGamesAdminRepository,
    find: async (repo, channelId, id, currency: Currency) => {
      const row = await repo.byId(channelId, id);
      return row && toGame(row, currency);
    },
    missing: 'Game not found',
    snapshot,
    context: deps.currency,
  });

  return {
    async page(
      channelId: number,
      q: { when: GameWindow; offset: number; limit: number },
    ): Promise<AdminGamesPage> {
      const { rows, total } = await reads.page(channelId, q.when, deps.now(), q.offset, q.limit);
      const currency = await deps.currency(channelId);
      return {
        data: rows.map((r) => toGame(r, currency)),
        meta: { total, offset: q.offset, limit: q.limit },
      };
    },

    get: (channelId: number, id: number) => games.get(deps.db, channelId, id),

    async options(channelId: number, locale: 'en' | 'fr'): Promise<AdminGameOptions> {
      const o = await reads.options(channelId);
      return {
        teams: o.teams,
        categories: o.categories.map((c) => ({ id: c.id, name: pickText(c.name, locale) })),
        locations: o.locations,
        prerolls: o.prerolls,
        time_zone: await deps.timeZone(channelId),
        currency: await deps.currency(channelId),
      };
    },

    create: (caller: AdminCaller, g: GameInput): Promise<AdminGame> =>
      games.create(caller, (repo, currency) => insertGame(repo, caller.channelId, g, currency)),

    update: (caller: AdminCaller, id: number, g: GameInput): Promise<AdminGame> =>
      games.update(caller, id, (repo, before, currency) =>
        // Edited on its own: a later change to its series leaves it alone unless asked.
        updateGame(repo, caller.channelId, id, g, currency, {
          ...(before.series_id !== null ? { series_detached: true } : {}),
        }),
      ),

    /** Hidden from viewers, or shown again; kept in the console either way (audited). */
    publish: (caller: AdminCaller, id: number, published: boolean): Promise<AdminGame> =>
      games.update(caller, id, (repo) => repo.updateEvent(caller.channelId, id, { published })),

    remove: (caller: AdminCaller, id: number) =>
      games.remove(caller, id, async (repo, before) => {
        if (before.has_orders)
          throw new HttpError(409, 'in_use', 'This game was sold; change its access type instead');
        if (await repo.hasClips(caller.channelId, id))
          throw new HttpError(
            409,
            'in_use',
            'Viewers cut clips of this game; it cannot be deleted',
          );
        await repo.deleteEvent(caller.channelId, id);
      }),
  };
}
export type GamesAdminService = ReturnType<typeof createGamesAdminService>;
