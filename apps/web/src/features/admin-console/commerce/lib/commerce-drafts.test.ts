import {
  AdminPassInputSchema,
  AdminPrerollInputSchema,
  AdminPromoInputSchema,
  type AdminPass,
  type AdminPromo,
} from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  passDraft,
  passInput,
  prerollDraft,
  prerollInput,
  promoDraft,
  promoInput,
  toLocalInput,
  toggled,
} from './commerce-drafts';

describe('commerce drafts', () => {
  it('ticks and unticks one value of a comma-joined list, once', () => {
    expect(toggled('', 3, true)).toBe('3');
    expect(toggled('3', 3, true)).toBe('3');
    expect(toggled('3,7', 3, false)).toBe('7');
    expect(toggled('watch', 'no_ads', true)).toBe('watch,no_ads');
  });

  it('saves the basic pass as it is: an inline banner, off sale, covering nothing', () => {
    const basic: AdminPass = {
      id: 9,
      name_en: 'Basic Pass',
      name_fr: 'Passe de base',
      description_en: 'Free access to games open to registered viewers.',
      description_fr: '',
      base_price_cents: 0,
      service_fee_cents: 0,
      currency: 'CAD',
      // The demo's banners are SVG data URIs, longer than any https address.
      image_url: `data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%3E${'%3Crect/%3E'.repeat(60)}%3C/svg%3E`,
      accesses: ['watch'],
      position: 3,
      disabled: true,
      orders: 0,
      holders: 0,
      is_team_pass: false,
      pass_type: 'regular',
      is_basic: true,
      event_category_ids: [],
      participant_ids: [],
    };
    expect(AdminPassInputSchema.safeParse(passInput(passDraft(basic))).error).toBeUndefined();
    // Put on sale, it must cover something.
    const onSale = AdminPassInputSchema.safeParse(
      passInput({ ...passDraft(basic), disabled: 'false' }),
    );
    expect(onSale.error?.issues.map((i) => i.path.join('.'))).toEqual(['event_category_ids']);
  });

  it('turns a typed price into cents and lets a bad one reach the contract’s message', () => {
    const draft = {
      ...passDraft(null),
      name_en: 'Pass',
      price: '29,99',
      event_category_ids: '4,9',
    };
    const input = passInput(draft);
    expect(input).toMatchObject({
      base_price_cents: 2999,
      service_fee_cents: 0,
      accesses: ['watch'],
    });
    expect(input.event_category_ids).toEqual([4, 9]);
    expect(AdminPassInputSchema.safeParse(input).success).toBe(true);
    const bad = AdminPassInputSchema.safeParse(passInput({ ...draft, price: 'ten' }));
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['base_price_cents']);
    // An empty price is no price at all, not zero.
    expect(AdminPassInputSchema.safeParse(passInput({ ...draft, price: '' })).success).toBe(false);
  });

  it('reads a promo code’s expiry in the admin’s own time and writes it back as an instant', () => {
    const local = '2031-03-14T19:30';
    const iso = fromLocalInput(local);
    expect(iso).toBe(new Date(local).toISOString());
    expect(toLocalInput(iso)).toBe(local);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('soon')).toBe('soon');
  });

  it('sends only the amount of the chosen kind, and products only for a chosen type', () => {
    const promo: AdminPromo = {
      id: 1,
      code: 'FIVEOFF',
      kind: 'amount',
      percent_off: null,
      amount_off_cents: 500,
      product_type: 'package',
      product_ids: [2],
      expires_at: null,
      max_redemptions: null,
      redemptions: 3,
      per_user_limit: 1,
      disabled: false,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const draft = promoDraft(promo);
    expect(draft).toMatchObject({ amount_off: '5.00', percent_off: '', product_ids: '2' });
    expect(promoInput(draft)).toMatchObject({ amount_off_cents: 500, percent_off: null });
    const percent = promoInput({ ...draft, kind: 'percent', percent_off: '15', product_type: '' });
    expect(percent).toMatchObject({
      kind: 'percent',
      percent_off: 15,
      amount_off_cents: null,
      product_type: null,
      product_ids: [],
    });
    expect(AdminPromoInputSchema.safeParse(percent).success).toBe(true);
    const missing = AdminPromoInputSchema.safeParse(promoInput({ ...draft, amount_off: '' }));
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['amount_off_cents']);
  });

  it('keeps a pre-roll’s targeting and leaves the suppression to the default when empty', () => {
    const input = prerollInput({
      ...prerollDraft(null),
      url: '/media/prerolls/a.mp4',
      weight: '3',
      location_id: '12',
    });
    expect(input).toMatchObject({ weight: 3, location_id: 12, suppression_minutes: null });
    expect(AdminPrerollInputSchema.safeParse(input).success).toBe(true);
    const neither = prerollInput({
      ...prerollDraft(null),
      url: '/media/x.mp4',
      for_live: 'false',
      for_vod: 'false',
    });
    expect(AdminPrerollInputSchema.safeParse(neither).error?.issues[0]?.path).toEqual(['for_live']);
  });
});
