import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase, type DB } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { DEMO_CHANNEL_KEY, seedDemoChannel } from './demo-channel.js';

/*
 * `npm run seed`: migrates the configured database and adds the demo channel if it is missing.
 * DATA_DIR is resolved against the repository root so the seed and the server (started from any
 * workspace) use the same embedded database.
 */

async function countRows(db: DB, channelId: number) {
  const count = async (
    table: 'events' | 'participants' | 'packages' | 'subscriptions' | 'pages',
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    teams: await count('participants'),
    events: await count('events'),
    packages: await count('packages'),
    subscriptions: await count('subscriptions'),
    pages: await count('pages'),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const dataDir = path.resolve(config.repoRoot, config.DATA_DIR);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
    console.log(`Database: ${where}`);
    const applied = await migrateToLatest(handle.db);
    console.log(
      applied.length ? `Migrations applied: ${applied.join(', ')}` : 'Migrations: up to date',
    );

    const { channelId, created } = await seedDemoChannel(handle.db);
    if (!created) {
      console.log(
        `Channel '${DEMO_CHANNEL_KEY}' already exists (id ${channelId}); nothing changed.`,
      );
      return;
    }
    const counts = await countRows(handle.db, channelId);
    const summary = Object.entries(counts)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    console.log(`Created channel '${DEMO_CHANNEL_KEY}' (id ${channelId}): ${summary}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
