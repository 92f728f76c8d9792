import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-catalogue-indexes.js';
import * as m0003 from './migrations/0003-accounts.js';
import * as m0004 from './migrations/0004-media.js';
import * as m0005 from './migrations/0005-commerce.js';
import * as m0006 from './migrations/0006-commerce-safety.js';
import * as m0007 from './migrations/0007-channel-public-origin.js';
import * as m0008 from './migrations/0008-clips.js';
import * as m0009 from './migrations/0009-vod-library.js';
import * as m0010 from './migrations/0010-analytics.js';
import * as m0011 from './migrations/0011-vod-search-words.js';
import * as m0012 from './migrations/0012-admin-audit.js';
import * as m0013 from './migrations/0013-worker-heartbeats.js';
import * as m0014 from './migrations/0014-media-job-leases.js';
import * as m0015 from './migrations/0015-vod-search-versions.js';
import * as m0016 from './migrations/0016-event-published.js';
import * as m0017 from './migrations/0017-vod-search-versions-rows.js';
import * as m0018 from './migrations/0018-live-ingest.js';
import * as m0019 from './migrations/0019-media-uploads.js';
import * as m0020 from './migrations/0020-people.js';
import * as m0021 from './migrations/0021-preroll-switch.js';
import * as m0022 from './migrations/0022-game-prerolls-imports.js';
import * as m0023 from './migrations/0023-favorite-games-rinks.js';
import * as m0024 from './migrations/0024-live-ingest-drops.js';
import * as m0025 from './migrations/0025-preroll-duration.js';
import * as m0030 from './migrations/0030-captions.js';
import * as m0032 from './migrations/0032-vod-search-in-postgres.js';
import * as m0033 from './migrations/0033-catalogue-typo-search.js';
import * as m0036 from './migrations/0036-fan-alerts.js';
import * as m0037 from './migrations/0037-game-schedule-versions.js';
import * as m0042 from './migrations/0042-live-stream-health.js';
import * as m0046 from './migrations/0046-web-push.js';
import * as m0048 from './migrations/0048-purchase-mails.js';
import * as m0050 from './migrations/0050-game-series.js';
import * as m0052 from './migrations/0052-moments.js';
import * as m0054 from './migrations/0054-moment-reels.js';
import * as m0056 from './migrations/0056-announcements.js';
import * as m0064 from './migrations/0064-vod-search-lexemes.js';
import * as m0065 from './migrations/0065-vod-search-queries-cheaper.js';

/** Migrations are listed here (not read from disk) so they run the same from source or a bundle. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-catalogue-indexes': m0002,
  '0003-accounts': m0003,
  '0004-media': m0004,
  '0005-commerce': m0005,
  '0006-commerce-safety': m0006,
  '0007-channel-public-origin': m0007,
  '0008-clips': m0008,
  '0009-vod-library': m0009,
  '0010-analytics': m0010,
  '0011-vod-search-words': m0011,
  '0012-admin-audit': m0012,
  '0013-worker-heartbeats': m0013,
  '0014-media-job-leases': m0014,
  '0015-vod-search-versions': m0015,
  '0016-event-published': m0016,
  '0017-vod-search-versions-rows': m0017,
  '0018-live-ingest': m0018,
  '0019-media-uploads': m0019,
  '0020-people': m0020,
  '0021-preroll-switch': m0021,
  '0022-game-prerolls-imports': m0022,
  '0023-favorite-games-rinks': m0023,
  '0024-live-ingest-drops': m0024,
  '0025-preroll-duration': m0025,
  '0030-captions': m0030,
  '0032-vod-search-in-postgres': m0032,
  '0033-catalogue-typo-search': m0033,
  '0036-fan-alerts': m0036,
  '0037-game-schedule-versions': m0037,
  '0042-live-stream-health': m0042,
  '0046-web-push': m0046,
  '0048-purchase-mails': m0048,
  '0050-game-series': m0050,
  '0052-moments': m0052,
  '0054-moment-reels': m0054,
  '0056-announcements': m0056,
  '0064-vod-search-lexemes': m0064,
  '0065-vod-search-queries-cheaper': m0065,
};

/** The migrations' code, in order: a fingerprint for anything that caches a migrated database. */
export function migrationSources(): string {
  return Object.entries(migrations)
    .map(([name, m]) => `${name}\n${m.up.toString()}\n${m.down?.toString() ?? ''}`)
    .join('\n');
}

/** Every migration this build knows; /api/ready checks that each has been applied. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
