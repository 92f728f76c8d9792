import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';

/** The web client's colours: the interface the console edits. */
const WEB = 'web';

/** SQL only: the channel's name, logo (in its settings document) and web colours. */
export function createBrandingAdminRepository(db: DB) {
  return {
    async read(channelId: number) {
      const [settings, colors] = await Promise.all([
        db
          .selectFrom('settings')
          .select('data')
          .where('channel_id', '=', channelId)
          .executeTakeFirst(),
        db
          .selectFrom('color_settings')
          .select(['name', 'value'])
          .where('channel_id', '=', channelId)
          .where('client_interface', '=', WEB)
          .orderBy('name')
          .execute(),
      ]);
      return { data: settings?.data ?? null, colors };
    },

    /** Merges the given keys into the settings document, leaving the others as they are. */
    async mergeSettings(channelId: number, patch: Record<string, unknown>) {
      await db
        .updateTable('settings')
        .set({ data: sql`data || ${JSON.stringify(patch)}::jsonb` })
        .where('channel_id', '=', channelId)
        .execute();
    },

    async putColors(channelId: number, colors: Record<string, string>) {
      const rows = Object.entries(colors).map(([name, value]) => ({
        channel_id: channelId,
        client_interface: WEB,
        name,
        value,
      }));
      if (rows.length === 0) return;
      await db
        .insertInto('color_settings')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['channel_id', 'client_interface', 'name'])
            .doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
        )
        .execute();
    },
  };
}
export type BrandingAdminRepository = ReturnType<typeof createBrandingAdminRepository>;
