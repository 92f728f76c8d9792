import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { CATEGORIES, LEAGUE, SCHOOLS, THEME_COLORS } from './demo-content.js';
import {
  BASIC_PASS,
  PREROLLS,
  PROMO_CODES,
  SEASON_PASS,
  SINGLE_EVENT_ACCESSES,
  SINGLE_EVENT_PRICES,
  SUBSCRIPTIONS,
  TEAM_PASS,
} from './demo-offers.js';
import { i18n, idOf, type LeagueRefs, type SeededGame } from './demo-league.js';
import { bannerImage, matchupImage } from './svg-art.js';

/* Inserts what viewers can buy: passes, single-game packages, subscriptions, promo codes and the pre-rolls. */

const CURRENCY = LEAGUE.currency;

/** Hockey seasons start in the autumn, so a date in spring still belongs to last year's season. */
export function seasonLabel(now: Date): string {
  const year = now.getUTCFullYear();
  const start = now.getUTCMonth() >= 7 ? year : year - 1;
  return `${start}–${String(start + 1).slice(2)}`;
}

export async function insertCommerce(
  db: Kysely<Database>,
  channelId: number,
  refs: LeagueRefs,
  games: readonly SeededGame[],
  now: Date,
): Promise<void> {
  const seasonPassId = await insertPasses(db, channelId, refs, now);
  await insertSingleGamePackages(db, channelId, games);
  await insertSubscriptions(db, channelId);
  await db
    .insertInto('promo_codes')
    .values(
      PROMO_CODES.map((p) => ({
        channel_id: channelId,
        code: p.code,
        kind: p.kind,
        percent_off: p.percentOff ?? null,
        amount_off_cents: p.amountOffCents ?? null,
        product_type: p.seasonPassOnly ? ('package' as const) : null,
        product_ids: p.seasonPassOnly ? [seasonPassId] : [],
        expires_at:
          p.expiresInDays === undefined
            ? null
            : new Date(now.getTime() + p.expiresInDays * 86_400_000),
        max_redemptions: p.maxRedemptions ?? null,
      })),
    )
    .execute();
  await db
    .insertInto('prerolls')
    .values(
      PREROLLS.map((p) => ({
        channel_id: channelId,
        url: p.url,
        location_id: null,
        // An empty category list means the pre-roll may run before any game.
        event_categories: [],
        for_vod: true,
        for_live: true,
        weight: p.weight,
        suppression_ms: null,
      })),
    )
    .execute();
}

async function insertPasses(
  db: Kysely<Database>,
  channelId: number,
  refs: LeagueRefs,
  now: Date,
): Promise<number> {
  const season = seasonLabel(now);
  const seasonPass = await db
    .insertInto('packages')
    .values({
      channel_id: channelId,
      name: i18n({ en: `${season} Season Pass`, fr: `Passe saison ${season}` }),
      description: i18n(SEASON_PASS.description),
      base_price_cents: SEASON_PASS.base,
      service_fee_cents: SEASON_PASS.fee,
      currency: CURRENCY,
      image_url: bannerImage({ from: THEME_COLORS.background, to: '#2D7DD2' }),
      scope: 'category',
      accesses: [...SEASON_PASS.accesses],
      event_id: null,
      position: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('package_event_categories')
    .values(
      CATEGORIES.map((c) => ({
        channel_id: channelId,
        package_id: seasonPass.id,
        event_category_id: idOf(refs.categories, c.key),
      })),
    )
    .execute();

  const lakeshore = SCHOOLS.find((s) => s.key === 'lakeshore');
  const teamPass = await db
    .insertInto('packages')
    .values({
      channel_id: channelId,
      name: i18n(TEAM_PASS.name),
      description: i18n(TEAM_PASS.description),
      base_price_cents: TEAM_PASS.base,
      service_fee_cents: TEAM_PASS.fee,
      currency: CURRENCY,
      image_url: bannerImage({
        from: lakeshore?.colors[1] ?? THEME_COLORS.background,
        to: lakeshore?.colors[0] ?? THEME_COLORS.secondary,
        monogram: lakeshore?.monogram ?? '',
      }),
      scope: 'category',
      is_team_pass: true,
      accesses: [...TEAM_PASS.accesses],
      event_id: null,
      position: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('package_participants')
    .values(
      TEAM_PASS.teams.map((team) => ({
        channel_id: channelId,
        package_id: teamPass.id,
        participant_id: idOf(refs.teams, team),
      })),
    )
    .execute();

  // The spec's free, upgradable basic pass exists but is switched off in this configuration.
  await db
    .insertInto('packages')
    .values({
      channel_id: channelId,
      name: i18n(BASIC_PASS.name),
      description: i18n(BASIC_PASS.description),
      base_price_cents: 0,
      service_fee_cents: 0,
      currency: CURRENCY,
      image_url: bannerImage({ from: THEME_COLORS.surface, to: THEME_COLORS.secondary }),
      scope: 'category',
      accesses: [...BASIC_PASS.accesses],
      event_id: null,
      is_basic: true,
      disabled: true,
      position: 3,
    })
    .execute();
  return seasonPass.id;
}

/** Every paid or pay-per-view game gets its own package, and the game points back to it. */
async function insertSingleGamePackages(
  db: Kysely<Database>,
  channelId: number,
  games: readonly SeededGame[],
): Promise<void> {
  const forSale = games.filter(({ game }) => game.access === 'paid' || game.access === 'ppv');
  for (const [index, { id: eventId, game }] of forSale.entries()) {
    const price = game.access === 'ppv' ? SINGLE_EVENT_PRICES.ppv : SINGLE_EVENT_PRICES.paid;
    const pkg = await db
      .insertInto('packages')
      .values({
        channel_id: channelId,
        name: i18n({
          en: `Single game: ${game.name.en}`,
          fr: `Match à l’unité : ${game.name.fr}`,
        }),
        description: i18n(game.description),
        base_price_cents: price.base,
        service_fee_cents: price.fee,
        currency: CURRENCY,
        image_url: matchupImage({ away: game.away, home: game.home }),
        scope: 'single',
        accesses: [...SINGLE_EVENT_ACCESSES],
        event_id: eventId,
        position: 10 + index,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('events')
      .set({ single_event_package_id: pkg.id })
      .where('id', '=', eventId)
      .where('channel_id', '=', channelId)
      .execute();
  }
}

async function insertSubscriptions(db: Kysely<Database>, channelId: number): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values(
      SUBSCRIPTIONS.map((s, index) => ({
        channel_id: channelId,
        name: i18n(s.name),
        description: i18n(s.description),
        base_price_cents: s.base,
        service_fee_cents: s.fee,
        currency: CURRENCY,
        image_url: bannerImage(
          s.period === 'annual'
            ? { from: THEME_COLORS.background, to: '#B8860B' }
            : { from: THEME_COLORS.background, to: '#1F9E89' },
        ),
        period: s.period,
        trial_period_days: s.trialDays,
        accesses: [...s.accesses],
        feature_counts: JSON.stringify(s.featureCounts ?? {}),
        position: index + 1,
      })),
    )
    .execute();
}
