import type {
  AdminPass,
  AdminPassInput,
  AdminPlan,
  AdminPlanInput,
  AdminPreroll,
  AdminPrerollInput,
  AdminPromo,
  AdminPromoInput,
} from '@rudy/contracts';
import { amountToCents, centsToAmount } from '../../shared/lib/admin-messages';

/*
 * The commerce forms' drafts: every field as the text its input holds (lists as comma-joined ids,
 * switches as 'true'/'false'), and the contract input each makes. The server checks the same
 * contract; a value that does not parse is sent as it is, so its field message shows.
 */

export type Draft = Record<string, string>;

const yes = (v: string | undefined) => v === 'true';
const flag = (b: boolean) => (b ? 'true' : 'false');
export const idsOf = (v: string | undefined): number[] =>
  (v ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
export const joinIds = (ids: readonly (number | string)[]) => ids.join(',');
/** Adds or removes one value of a comma-joined list (a checkbox of a group). */
export function toggled(list: string, value: string | number, on: boolean): string {
  const items = list.split(',').filter(Boolean);
  const next = on
    ? [...new Set([...items, String(value)])]
    : items.filter((x) => x !== String(value));
  return next.join(',');
}
const whole = (v: string | undefined) => {
  const text = (v ?? '').trim();
  return text === '' ? Number.NaN : Number(text);
};
const orNull = (v: string | undefined, read: (v: string) => number) =>
  (v ?? '').trim() === '' ? null : read(v ?? '');
/** Cents from a typed amount ('12.99'); NaN when it is not one (the contract says so). */
const cents = (v: string | undefined) => amountToCents(v ?? '') ?? Number.NaN;

// ---------------------------------------------------------------- passes and plans

const productDraft = (p: AdminPass | AdminPlan | null): Draft => ({
  name_en: p?.name_en ?? '',
  name_fr: p?.name_fr ?? '',
  description_en: p?.description_en ?? '',
  description_fr: p?.description_fr ?? '',
  price: centsToAmount(p?.base_price_cents ?? null),
  fee: centsToAmount(p?.service_fee_cents ?? 0),
  image_url: p?.image_url ?? '',
  accesses: joinIds(p?.accesses ?? ['watch']),
  position: String(p?.position ?? 0),
  disabled: flag(p?.disabled ?? false),
});

const productInput = (d: Draft) => ({
  name_en: d.name_en ?? '',
  name_fr: d.name_fr ?? '',
  description_en: d.description_en ?? '',
  description_fr: d.description_fr ?? '',
  base_price_cents: cents(d.price),
  service_fee_cents: cents(d.fee),
  image_url: (d.image_url ?? '').trim() === '' ? null : (d.image_url ?? ''),
  accesses: (d.accesses ?? '').split(',').filter(Boolean) as AdminPassInput['accesses'],
  position: whole(d.position),
  disabled: yes(d.disabled),
});

export const passDraft = (p: AdminPass | null): Draft => ({
  ...productDraft(p),
  is_team_pass: flag(p?.is_team_pass ?? false),
  pass_type: p?.pass_type ?? 'regular',
  event_category_ids: joinIds(p?.event_category_ids ?? []),
  participant_ids: joinIds(p?.participant_ids ?? []),
});

export const passInput = (d: Draft): AdminPassInput => ({
  ...productInput(d),
  is_team_pass: yes(d.is_team_pass),
  pass_type: d.pass_type === 'addon' ? 'addon' : 'regular',
  event_category_ids: idsOf(d.event_category_ids),
  participant_ids: idsOf(d.participant_ids),
});

export const planDraft = (p: AdminPlan | null): Draft => ({
  ...productDraft(p),
  period: p?.period ?? 'month',
  trial_period_days: String(p?.trial_period_days ?? 0),
});

export const planInput = (d: Draft): AdminPlanInput => ({
  ...productInput(d),
  period: d.period === 'annual' ? 'annual' : 'month',
  trial_period_days: whole(d.trial_period_days),
});

// ---------------------------------------------------------------- promo codes

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as an <input type="datetime-local"> shows it, in the admin's own time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The admin's local date and time as an instant; the text as it is when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export const promoDraft = (p: AdminPromo | null): Draft => ({
  code: p?.code ?? '',
  kind: p?.kind ?? 'percent',
  percent_off: p?.percent_off === null || p === null ? '' : String(p.percent_off),
  amount_off: centsToAmount(p?.amount_off_cents ?? null),
  product_type: p?.product_type ?? '',
  product_ids: joinIds(p?.product_ids ?? []),
  expires_at: toLocalInput(p?.expires_at ?? null),
  max_redemptions: p?.max_redemptions == null ? '' : String(p.max_redemptions),
  disabled: flag(p?.disabled ?? false),
});

export function promoInput(d: Draft): AdminPromoInput {
  const kind = d.kind === 'amount' ? 'amount' : 'percent';
  const type =
    d.product_type === 'package' || d.product_type === 'subscription' ? d.product_type : null;
  return {
    code: d.code ?? '',
    kind,
    percent_off: kind === 'percent' ? orNull(d.percent_off, whole) : null,
    amount_off_cents: kind === 'amount' ? orNull(d.amount_off, cents) : null,
    product_type: type,
    product_ids: type === null ? [] : idsOf(d.product_ids),
    expires_at: fromLocalInput(d.expires_at ?? ''),
    max_redemptions: orNull(d.max_redemptions, whole),
    disabled: yes(d.disabled),
  };
}

// ---------------------------------------------------------------- pre-rolls

export const prerollDraft = (p: AdminPreroll | null): Draft => ({
  url: p?.url ?? '',
  location_id: p?.location_id == null ? '' : String(p.location_id),
  event_category_ids: joinIds(p?.event_category_ids ?? []),
  for_live: flag(p?.for_live ?? true),
  for_vod: flag(p?.for_vod ?? true),
  weight: String(p?.weight ?? 1),
  suppression_minutes: p?.suppression_minutes == null ? '' : String(p.suppression_minutes),
  disabled: flag(p?.disabled ?? false),
});

export const prerollInput = (d: Draft): AdminPrerollInput => ({
  url: d.url ?? '',
  location_id: orNull(d.location_id, Number),
  event_category_ids: idsOf(d.event_category_ids),
  for_live: yes(d.for_live),
  for_vod: yes(d.for_vod),
  weight: whole(d.weight),
  suppression_minutes: orNull(d.suppression_minutes, whole),
  disabled: yes(d.disabled),
});
