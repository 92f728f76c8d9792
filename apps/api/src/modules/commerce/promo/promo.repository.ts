import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { PromoCodesTable } from '../../../db/schema.js';

export type PromoRow = Selectable<PromoCodesTable>;

/** Promo codes and their redemptions. SQL only. */
export function createPromoRepository(db: DB) {
  return {
    byCode(channelId: number, code: string) {
      return db
        .selectFrom('promo_codes')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where(sql<string>`upper(code)`, '=', code.toUpperCase())
        .executeTakeFirst();
    },
    byId(id: number) {
      return db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * Takes one redemption if any is left. The conditional update locks the row, so racing buyers
     * of a single-use code queue here and only the first finds a redemption left.
     */
    async take(id: number): Promise<boolean> {
      const row = await db
        .updateTable('promo_codes')
        .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('max_redemptions', 'is', null),
            eb('redemptions', '<', eb.ref('max_redemptions')),
          ]),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Inserts the redemption row; false when this user already redeemed the code. */
    async redeem(channelId: number, promoId: number, userId: number, orderId: number) {
      const row = await db
        .insertInto('promo_redemptions')
        .values({
          channel_id: channelId,
          promo_code_id: promoId,
          user_id: userId,
          order_id: orderId,
        })
        .onConflict((oc) => oc.columns(['promo_code_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async usedBy(promoId: number, userId: number) {
      const row = await db
        .selectFrom('promo_redemptions')
        .select('id')
        .where('promo_code_id', '=', promoId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A payment that failed gives its redemption back. */
    async release(orderId: number) {
      const row = await db
        .deleteFrom('promo_redemptions')
        .where('order_id', '=', orderId)
        .returning('promo_code_id')
        .executeTakeFirst();
      if (!row) return;
      await db
        .updateTable('promo_codes')
        .set((eb) => ({ redemptions: eb('redemptions', '-', 1) }))
        .where('id', '=', row.promo_code_id)
        .where('redemptions', '>', 0)
        .execute();
    },
    async insert(rows: Insertable<PromoCodesTable>[]) {
      if (rows.length > 0) await db.insertInto('promo_codes').values(rows).execute();
    },
  };
}
export type PromoRepository = ReturnType<typeof createPromoRepository>;
