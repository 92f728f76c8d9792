import type { DB } from '../../../db/database.js';

/** SQL only: the names an import line may use, and the imports already made. */
export function createGamesImportRepository(db: DB) {
  return {
    async names(channelId: number) {
      const [teams, sports, rinks] = await Promise.all([
        db
          .selectFrom('participants')
          .select(['id', 'name', 'short_name'])
          .where('channel_id', '=', channelId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('event_categories')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('locations')
          .select(['id', 'name', 'time_zone'])
          .where('channel_id', '=', channelId)
          .orderBy('id')
          .execute(),
      ]);
      return { teams, sports, rinks };
    },

    made: (channelId: number, importId: string) =>
      db
        .selectFrom('game_imports')
        .select(['csv_sha256', 'event_ids'])
        .where('channel_id', '=', channelId)
        .where('import_id', '=', importId)
        .executeTakeFirst(),

    async record(row: {
      channel_id: number;
      import_id: string;
      csv_sha256: Buffer;
      event_ids: number[];
      created_by: number;
    }): Promise<void> {
      await db.insertInto('game_imports').values(row).execute();
    },
  };
}
