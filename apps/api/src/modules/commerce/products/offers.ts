import type { Locale } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { toPackage, toSubscription, withPremium } from './product-views.js';
import { createProductsRepository } from './products.repository.js';

/** The passes and plans on sale, as the channel's bootstrap lists them (no caller: none owned). */
export function createOffers(db: DB) {
  const products = createProductsRepository(db);
  return {
    async packages(channelId: number, l: Locale) {
      return withPremium((await products.passes(channelId)).map((r) => toPackage(r, l)));
    },
    async subscriptions(channelId: number, l: Locale) {
      return withPremium(
        (await products.subscriptions(channelId)).map((r) => toSubscription(r, l)),
      );
    },
  };
}
