import type { Locale } from '@rudy/contracts';
import { pickText } from '../../../lib/i18n-text.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { Line } from '../pricing.js';
import type {
  PackageRow,
  ProductsRepository,
  SubscriptionRow,
} from '../products/products.repository.js';

export interface ProductChoice {
  package_id?: number | undefined;
  single_event_package_id?: number | undefined;
  event_id?: number | undefined;
  subscription_id?: number | undefined;
  package_ids?: number[] | undefined;
}

export interface Purchase {
  orderType: 'event' | 'package' | 'subscription';
  productId: number;
  currency: 'USD' | 'CAD';
  lines: Line[];
  subscription: SubscriptionRow | null;
}

const unavailable = () => new HttpError(400, 'product_unavailable', 'This pass is not available');

function packageLine(p: PackageRow, type: Line['type'], l: Locale): Line {
  return {
    type,
    productType: 'package',
    productId: p.id,
    name: pickText(p.name, l),
    baseCents: p.base_price_cents,
    feeCents: p.service_fee_cents,
  };
}

/** Works out what a buy/preview/coupon call is about, with the spec's refusals. */
export function createPurchaseResolver(products: ProductsRepository) {
  async function pass(channelId: number, id: number): Promise<PackageRow> {
    const p = await products.package(channelId, id);
    if (!p) throw new HttpError(404, 'pass_not_found');
    if (p.disabled || p.is_basic) throw unavailable();
    // A game the console hid is not sold either, whichever id the buyer sends.
    if (p.scope === 'single' && p.event_id !== null) {
      const event = await products.event(channelId, p.event_id);
      if (!event?.published) throw new HttpError(404, 'pass_not_found');
    }
    return p;
  }

  async function packageIdOfEvent(channelId: number, eventId: number): Promise<number> {
    const event = await products.event(channelId, eventId);
    if (!event?.published) throw notFound('Event not found');
    if (event.access_type !== 'paid' && event.access_type !== 'ppv') {
      throw new HttpError(400, 'event_not_for_sale', 'This event is not sold: it is free to watch');
    }
    if (event.single_event_package_id === null) {
      throw new HttpError(
        400,
        'event_not_for_sale',
        'This paid event cannot be bought on its own: it has no single-event package (single_event_package_id)',
      );
    }
    return event.single_event_package_id;
  }

  async function bundle(channelId: number, ids: number[], l: Locale): Promise<Purchase> {
    const unique = [...new Set(ids)];
    const rows = await products.packagesByIds(channelId, unique);
    if (rows.length !== unique.length) throw new HttpError(404, 'pass_not_found');
    if (rows.some((p) => p.disabled || p.is_basic || p.scope === 'single')) throw unavailable();
    const regular = rows.filter((p) => p.pass_type === 'regular');
    const first = rows[0];
    if (regular.length > 1 || !first) {
      throw new HttpError(400, 'bundle_invalid', 'A bundle holds one regular pass and add-ons');
    }
    if (rows.some((p) => p.currency !== first.currency)) {
      throw new HttpError(400, 'bundle_invalid', 'A bundle is paid in one currency');
    }
    const main = regular[0] ?? first;
    const ordered = [main, ...rows.filter((p) => p !== main)];
    return {
      orderType: 'package',
      productId: main.id,
      currency: main.currency,
      lines: ordered.map((p) =>
        packageLine(p, p.pass_type === 'addon' ? 'additional' : 'package', l),
      ),
      subscription: null,
    };
  }

  return {
    /** `l`: the language of the lines' names (the viewer's, where the channel gives one). */
    async resolve(channelId: number, choice: ProductChoice, l: Locale = 'en'): Promise<Purchase> {
      if (choice.package_ids && choice.package_ids.length > 0)
        return bundle(channelId, choice.package_ids, l);
      const given = [
        choice.package_id,
        choice.single_event_package_id,
        choice.event_id,
        choice.subscription_id,
      ].filter((v) => v !== undefined);
      if (given.length === 0) throw new HttpError(400, 'id_not_selected');
      if (given.length > 1) {
        throw new HttpError(
          400,
          'validation_failed',
          'Choose one product: a pass, an event or a subscription',
        );
      }
      if (choice.subscription_id !== undefined) {
        const s = await products.subscription(channelId, choice.subscription_id);
        if (!s || s.disabled) throw new HttpError(404, 'pass_not_found');
        return {
          orderType: 'subscription',
          productId: s.id,
          currency: s.currency,
          subscription: s,
          lines: [
            {
              type: 'subscription',
              productType: 'subscription',
              productId: s.id,
              name: pickText(s.name, l),
              baseCents: s.base_price_cents,
              feeCents: s.service_fee_cents,
            },
          ],
        };
      }
      const id =
        choice.event_id !== undefined
          ? await packageIdOfEvent(channelId, choice.event_id)
          : (choice.package_id ?? choice.single_event_package_id ?? 0);
      const p = await pass(channelId, id);
      const isEvent = p.scope === 'single' && p.event_id !== null;
      return {
        orderType: isEvent ? 'event' : 'package',
        productId: p.id,
        currency: p.currency,
        lines: [packageLine(p, isEvent ? 'event' : 'package', l)],
        subscription: null,
      };
    },
  };
}
export type PurchaseResolver = ReturnType<typeof createPurchaseResolver>;
