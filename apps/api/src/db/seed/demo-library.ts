import type { Kysely } from 'kysely';
import type { DemoRecipe } from '../../modules/vod/demo-recipe.js';
import type { Database } from '../schema.js';
import { TEAMS, type Bilingual, type TeamKey } from './demo-content.js';
import { i18n, idOf } from './demo-league.js';

/*
 * The demo channel's VOD library: short synthetic videos the worker renders and packages at first
 * start (modules/vod/vod.jobs.ts), in four categories and four rails. The season recap and one
 * interview need the vod_media_access capability (the demo's passes and plans grant it); the rest
 * is free to watch.
 */

type CategoryKey = 'highlights' | 'interviews' | 'recaps' | 'skills';

const CATEGORIES: readonly { key: CategoryKey; name: Bilingual }[] = [
  { key: 'highlights', name: { en: 'Highlights', fr: 'Faits saillants' } },
  { key: 'interviews', name: { en: 'Interviews', fr: 'Entrevues' } },
  { key: 'recaps', name: { en: 'Season recaps', fr: 'Rétrospectives' } },
  { key: 'skills', name: { en: 'Skills and drills', fr: 'Techniques et exercices' } },
];

type ItemKey =
  | 'saves'
  | 'overtime'
  | 'powerPlay'
  | 'coach'
  | 'captain'
  | 'rookies'
  | 'recap'
  | 'goalies'
  | 'drills';

interface ItemSeed {
  key: ItemKey;
  category: CategoryKey;
  title: Bilingual;
  description: Bilingual;
  daysAgo: number;
  requiresAccess: boolean;
  recipe:
    | { kind: 'game'; home: TeamKey; away: TeamKey; goals: number; seconds: number }
    | { kind: 'studio'; title: string; label: string; color: string; seconds: number };
}

const ITEMS: readonly ItemSeed[] = [
  {
    key: 'overtime',
    category: 'highlights',
    title: {
      en: 'Overtime winner: Wolves edge the Knights',
      fr: 'But en prolongation : les Wolves battent les Knights',
    },
    description: {
      en: 'Every goal of a hockey thriller at Harbourfront Arena, settled in overtime.',
      fr: 'Tous les buts d’un match de hockey haletant à l’aréna Harbourfront, décidé en prolongation.',
    },
    daysAgo: 2,
    requiresAccess: false,
    recipe: { kind: 'game', home: 'wolves', away: 'knights', goals: 5, seconds: 16 },
  },
  {
    key: 'saves',
    category: 'highlights',
    title: { en: 'Top 10 saves of the month', fr: 'Les 10 plus beaux arrêts du mois' },
    description: {
      en: 'Glove saves, pad stacks and a few miracles from the league’s goalies.',
      fr: 'Arrêts de la mitaine, jambières empilées et quelques miracles des gardiens de la ligue.',
    },
    daysAgo: 5,
    requiresAccess: false,
    recipe: { kind: 'game', home: 'rapids', away: 'voyageurs', goals: 1, seconds: 14 },
  },
  {
    key: 'powerPlay',
    category: 'highlights',
    title: {
      en: 'Women’s hockey: power-play goals of the week',
      fr: 'Hockey féminin : les buts en avantage numérique de la semaine',
    },
    description: {
      en: 'The Lynx and the Harfangs trade power-play goals in a rivalry game.',
      fr: 'Les Lynx et les Harfangs s’échangent des buts en avantage numérique.',
    },
    daysAgo: 8,
    requiresAccess: false,
    recipe: { kind: 'game', home: 'lynx', away: 'harfangs', goals: 4, seconds: 14 },
  },
  {
    key: 'coach',
    category: 'interviews',
    title: {
      en: 'Coach Martin on the playoff push',
      fr: 'L’entraîneur Martin et la course aux séries',
    },
    description: {
      en: 'The Wolves’ head coach on line changes, injuries and the last weeks of the season.',
      fr: 'L’entraîneur-chef des Wolves parle des trios, des blessures et des dernières semaines.',
    },
    daysAgo: 3,
    requiresAccess: false,
    recipe: {
      kind: 'studio',
      title: 'Coach Martin on the playoff push',
      label: 'Interview',
      color: '#1F5FBF',
      seconds: 15,
    },
  },
  {
    key: 'captain',
    category: 'interviews',
    title: { en: 'Captain’s corner: Léa Tremblay', fr: 'Le coin de la capitaine : Léa Tremblay' },
    description: {
      en: 'The Lynx captain on leadership, school and her first season in the NJWHL.',
      fr: 'La capitaine des Lynx parle de leadership, d’études et de sa première saison dans la NJWHL.',
    },
    daysAgo: 6,
    requiresAccess: false,
    recipe: {
      kind: 'studio',
      title: 'Captains corner - Lea Tremblay',
      label: 'Interview',
      color: '#00A6C8',
      seconds: 14,
    },
  },
  {
    key: 'rookies',
    category: 'interviews',
    title: { en: 'Meet the rookies', fr: 'Rencontre avec les recrues' },
    description: {
      en: 'Five first-year players on moving up to U18 hockey.',
      fr: 'Cinq joueurs de première année racontent leur arrivée au hockey M18.',
    },
    daysAgo: 12,
    requiresAccess: true,
    recipe: {
      kind: 'studio',
      title: 'Meet the rookies',
      label: 'Feature',
      color: '#6B2D8F',
      seconds: 12,
    },
  },
  {
    key: 'recap',
    category: 'recaps',
    title: {
      en: 'Season recap: the U18 regular season',
      fr: 'Rétrospective : la saison régulière M18',
    },
    description: {
      en: 'The whole U18 season in one reel: the streaks, the comebacks and the standings race.',
      fr: 'Toute la saison M18 en un montage : les séquences, les remontées et la course au classement.',
    },
    daysAgo: 1,
    requiresAccess: true,
    recipe: { kind: 'game', home: 'voyageurs', away: 'wolves', goals: 8, seconds: 20 },
  },
  {
    key: 'goalies',
    category: 'recaps',
    title: {
      en: 'Best of the season: goaltenders',
      fr: 'Le meilleur de la saison : les gardiens de but',
    },
    description: {
      en: 'Shutouts, breakaway stops and the goalie duel of the year.',
      fr: 'Blanchissages, échappées stoppées et le duel de gardiens de l’année.',
    },
    daysAgo: 15,
    requiresAccess: false,
    recipe: { kind: 'game', home: 'squires', away: 'rams', goals: 2, seconds: 14 },
  },
  {
    key: 'drills',
    category: 'skills',
    title: { en: 'Skating drills with the Rapids', fr: 'Exercices de patinage avec les Rapids' },
    description: {
      en: 'Edge work and crossovers from a Rideau Valley practice, for players of every age.',
      fr: 'Carres et croisements lors d’un entraînement des Rapids, pour les joueurs de tout âge.',
    },
    daysAgo: 10,
    requiresAccess: false,
    recipe: {
      kind: 'studio',
      title: 'Skating drills with the Rapids',
      label: 'Skills',
      color: '#B3262E',
      seconds: 12,
    },
  },
];

const RAILS: readonly { title: Bilingual; items: readonly ItemKey[] }[] = [
  { title: { en: 'Featured', fr: 'À la une' }, items: ['recap', 'overtime', 'coach', 'captain'] },
  {
    title: { en: 'Latest highlights', fr: 'Derniers faits saillants' },
    items: ['overtime', 'saves', 'powerPlay', 'goalies'],
  },
  {
    title: { en: 'Interviews and features', fr: 'Entrevues et reportages' },
    items: ['coach', 'captain', 'rookies', 'drills'],
  },
  { title: { en: 'Season recaps', fr: 'Rétrospectives' }, items: ['recap', 'goalies'] },
];

const DAY_MS = 86_400_000;

/** Goals spread evenly over the video, alternating sides: the scoreboard moves as it plays. */
function recipeOf(seed: ItemSeed['recipe']): DemoRecipe {
  if (seed.kind === 'studio') return seed;
  const team = (key: TeamKey) => {
    const t = TEAMS.find((row) => row.key === key);
    return { code: (t?.shortName ?? key).slice(0, 12).toUpperCase(), color: t?.color ?? '#1d4f91' };
  };
  const goals = Array.from({ length: seed.goals }, (_, i) => ({
    atSeconds: Math.round(((i + 1) * seed.seconds) / (seed.goals + 1)),
    team: i % 2 === 0 ? ('home' as const) : ('away' as const),
  }));
  return { ...seed, home: team(seed.home), away: team(seed.away), goals };
}

/**
 * Writes the library's rows (items pending until the worker has made their video). Idempotent: a
 * channel that has VOD categories already is left alone, so the worker may call it at every start
 * for demo channels seeded before the library existed.
 */
export async function seedDemoLibrary(
  db: Kysely<Database>,
  channelId: number,
  now: Date,
): Promise<boolean> {
  const existing = await db
    .selectFrom('vod_media_categories')
    .select('id')
    .where('channel_id', '=', channelId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;

  const categoryRows = await db
    .insertInto('vod_media_categories')
    .values(
      CATEGORIES.map((c, index) => ({
        channel_id: channelId,
        alias: c.key,
        name: i18n(c.name),
        position: index + 1,
      })),
    )
    .returning(['id', 'alias'])
    .execute();
  const categories = new Map(categoryRows.map((r) => [r.alias as CategoryKey, r.id]));

  const items = new Map<ItemKey, number>();
  for (const item of ITEMS) {
    const row = await db
      .insertInto('vod_media_items')
      .values({
        channel_id: channelId,
        category_id: idOf(categories, item.category),
        title: i18n(item.title),
        description: i18n(item.description),
        published_at: new Date(now.getTime() - item.daysAgo * DAY_MS),
        requires_access: item.requiresAccess,
        meta: JSON.stringify({ demo: recipeOf(item.recipe) }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.set(item.key, row.id);
  }

  for (const [index, rail] of RAILS.entries()) {
    const row = await db
      .insertInto('vod_media_rails')
      .values({ channel_id: channelId, title: i18n(rail.title), position: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('vod_media_rail_items')
      .values(
        rail.items.map((key, position) => ({
          rail_id: row.id,
          item_id: idOf(items, key),
          channel_id: channelId,
          position,
        })),
      )
      .execute();
  }
  return true;
}
