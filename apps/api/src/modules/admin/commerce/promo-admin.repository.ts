import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import { channelRows } from '../channel-rows.repository.js';

/** SQL only: the channel's promo codes as the console edits them. */
export function createPromoAdminRepository(db: DB) {
  const codes = (channelId: number) =>
    db
      .selectFrom('promo_codes as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('orders as o')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('o.promo_code_id', '=', 'c.id')
          .as('orders'),
      )
      .where('c.channel_id', '=', channelId);

  return {
    list: (channelId: number) =>
      codes(channelId).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute(),
    byId: (channelId: number, id: number) =>
      codes(channelId).where('c.id', '=', id).executeTakeFirst(),
    /** Another of the channel's codes spelt the same (codes are matched case-insensitively). */
    async codeTaken(channelId: number, code: string, exceptId: number | null) {
      let q = db
        .selectFrom('promo_codes')
        .select('id')
        .where('channel_id', '=', channelId)
        .where(sql<string>`upper(code)`, '=', code.toUpperCase());
      if (exceptId !== null) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /**
     * The code's uses so far, its row locked until this change commits: a buyer's use meanwhile
     * waits and then sees the new limit, instead of the limit being set under a use just made.
     */
    async usesLocked(channelId: number, id: number): Promise<number> {
      const row = await db
        .selectFrom('promo_codes')
        .select('redemptions')
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row?.redemptions ?? 0;
    },
    ...channelRows(db, 'promo_codes'),
  };
}
export type PromoAdminRepository = ReturnType<typeof createPromoAdminRepository>;
export type PromoAdminRow = NonNullable<Awaited<ReturnType<PromoAdminRepository['byId']>>>;
