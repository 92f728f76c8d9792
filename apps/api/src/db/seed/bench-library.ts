import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { defaultSettings } from '../../modules/channel/default-settings.js';
import { insertBatched, NICKNAMES, pick } from './bench-vocabulary.js';
import { claimChannel } from './claim-channel.js';

/*
 * A large VOD library for the search benchmark: 10 000 published items in 12 categories and 6
 * rails, titles and descriptions in English and French built from a small vocabulary (sports,
 * kinds of video, team names), so common words hit thousands of items and rare ones a few, as in
 * a real library. Deterministic; bulk inserts in batches. No media files: listings and search
 * only read rows.
 */

export interface BenchLibraryOptions {
  channelKey?: string;
  now?: Date;
  items?: number;
}

const DAY_MS = 86_400_000;
const RAILS = 6;
const RAIL_SIZE = 24;

const SPORTS = [
  { en: 'Hockey', fr: 'Hockey' },
  { en: 'Basketball', fr: 'Basketball' },
  { en: 'Soccer', fr: 'Soccer' },
  { en: 'Volleyball', fr: 'Volleyball' },
] as const;

const KINDS = [
  { en: 'Highlights', fr: 'Faits saillants' },
  { en: 'Interview', fr: 'Entrevue' },
  { en: 'Season recap', fr: 'Rétrospective' },
  { en: 'Skills and drills', fr: 'Techniques et exercices' },
  { en: 'Behind the scenes', fr: 'Dans les coulisses' },
  { en: 'Press conference', fr: 'Conférence de presse' },
] as const;

const TEAMS = NICKNAMES.slice(0, 20);

const DIVISIONS = [
  { en: 'U16', fr: 'M16' },
  { en: 'U18', fr: 'M18' },
  { en: 'Varsity', fr: 'Universitaire' },
] as const;

function item(i: number, channelId: number, categoryIds: number[], now: Date) {
  const sport = pick(SPORTS, i);
  const kind = pick(KINDS, Math.floor(i / 4));
  const home = pick(TEAMS, i * 7);
  const away = pick(TEAMS, i * 7 + 3);
  const division = pick(DIVISIONS, Math.floor(i / 24));
  const week = (i % 30) + 1;
  return {
    channel_id: channelId,
    category_id: pick(categoryIds, Math.floor(i / 4)),
    title: JSON.stringify({
      en: `${kind.en}: ${home} vs ${away}, ${sport.en} ${division.en}`,
      fr: `${kind.fr} : ${home} contre ${away}, ${sport.fr} ${division.fr}`,
    }),
    description: JSON.stringify({
      en: `Goals, saves and the best moments of the ${sport.en.toLowerCase()} game between the ${home} and the ${away}, week ${week}.`,
      fr: `Buts, arrêts et meilleurs moments du match de ${sport.fr.toLowerCase()} entre les ${home} et les ${away}, semaine ${week}.`,
    }),
    // One item every two hours, going back about two years.
    published_at: new Date(now.getTime() - i * (DAY_MS / 12)),
    duration_seconds: 60 + (i % 600),
    requires_access: i % 5 === 0,
    status: 'ready' as const,
  };
}

export async function seedBenchLibrary(
  db: Kysely<Database>,
  opts: BenchLibraryOptions = {},
): Promise<{ channelId: number; created: boolean }> {
  const key = opts.channelKey ?? 'bench-library';
  const now = opts.now ?? new Date();
  const count = opts.items ?? 10_000;

  const result = await db.transaction().execute(async (trx) => {
    const { channelId, created } = await claimChannel(trx, {
      key,
      name: 'Bench Library',
      hosts: [],
    });
    if (!created) return { channelId, created };
    await trx
      .insertInto('settings')
      .values({ channel_id: channelId, data: JSON.stringify(defaultSettings('Bench Library')) })
      .execute();
    const categories = await trx
      .insertInto('vod_media_categories')
      .values(
        SPORTS.flatMap((sport) => KINDS.slice(0, 3).map((kind) => ({ sport, kind }))).map(
          ({ sport, kind }, i) => ({
            channel_id: channelId,
            alias: `${sport.en}-${kind.en}`.toLowerCase().replace(/\s+/g, '-'),
            name: JSON.stringify({ en: `${sport.en} ${kind.en}`, fr: `${sport.fr} ${kind.fr}` }),
            position: i + 1,
          }),
        ),
      )
      .returning('id')
      .execute();
    const categoryIds = categories.map((c) => c.id);
    const rows = Array.from({ length: count }, (_, i) => item(i, channelId, categoryIds, now));
    const ids: number[] = [];
    await insertBatched(rows, async (batch) => {
      const inserted = await trx
        .insertInto('vod_media_items')
        .values(batch)
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    });
    for (let r = 0; r < RAILS; r += 1) {
      const rail = await trx
        .insertInto('vod_media_rails')
        .values({
          channel_id: channelId,
          title: JSON.stringify({ en: `Rail ${r + 1}`, fr: `Rail ${r + 1}` }),
          position: r + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const members = ids.slice(r * RAIL_SIZE, (r + 1) * RAIL_SIZE);
      await trx
        .insertInto('vod_media_rail_items')
        .values(
          members.map((itemId, position) => ({
            rail_id: rail.id,
            item_id: itemId,
            channel_id: channelId,
            position,
          })),
        )
        .execute();
    }
    return { channelId, created: true };
  });
  if (result.created) {
    // Fresh statistics (outside the transaction, as VACUUM requires): the planner's choice
    // between the GIN indexes and the date order depends on how common a word is.
    await sql`vacuum analyze vod_media_items, vod_media_categories`.execute(db);
  }
  return result;
}
