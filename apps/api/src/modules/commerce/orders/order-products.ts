import { sql } from 'kysely';

/*
 * What an order (alias `o`, its items left-joined as `i`) bought. Orders written by checkout have
 * items; an order inserted without any (older rows, fixtures, back-office inserts) still grants its
 * own product, read from its type and product_id.
 */
export const itemProductId = sql<number>`coalesce(i.product_id, o.product_id)`;
export const itemProductType = sql<
  'package' | 'subscription'
>`coalesce(i.product_type, case when o.type = 'subscription' then 'subscription' else 'package' end)`;
