import type { DB } from '../../db/database.js';

/** Channel forms (e.g. the base-pass choice) and users' entries. SQL only. */
export function createCustomFormsRepository(db: DB) {
  return {
    form(channelId: number, alias: string) {
      return db
        .selectFrom('custom_forms')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('alias', '=', alias)
        .where('enabled', '=', true)
        .executeTakeFirst();
    },
    entries(formId: number, userId: number) {
      return db
        .selectFrom('custom_form_entries')
        .select(['name', 'value'])
        .where('custom_form_id', '=', formId)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
    async save(
      channelId: number,
      formId: number,
      userId: number,
      entries: readonly { name: string; value: string }[],
    ) {
      await db
        .insertInto('custom_form_entries')
        .values(
          entries.map((e) => ({
            channel_id: channelId,
            custom_form_id: formId,
            user_id: userId,
            name: e.name,
            value: e.value,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['custom_form_id', 'user_id', 'name'])
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
    },
  };
}
export type CustomFormsRepository = ReturnType<typeof createCustomFormsRepository>;
