import {
  SettingsSchema,
  type EventCategory,
  type EventLocation,
  type FaqItem,
  type Locale,
  type MenuItem,
  type Package,
  type Page,
  type PageSummary,
  type ParticipantGroup,
  type ParticipantGroupProperty,
  type Settings,
  type Slide,
  type StaticBlock,
  type Subscription,
} from '@rudy/contracts';
import { pickNullableText, pickText } from '../../lib/i18n-text.js';
import { defaultSettings } from './default-settings.js';
import type { ChannelRepository, PackageRow, SubscriptionRow } from './channel.repository.js';

type Rows<K extends keyof ChannelRepository> = Awaited<ReturnType<ChannelRepository[K]>>;
type Row<K extends keyof ChannelRepository> =
  NonNullable<Rows<K>> extends (infer R)[] ? R : NonNullable<Rows<K>>;

const PAGE_KINDS = ['about', 'privacy_policy', 'terms_conditions', 'contacts', 'faq'] as const;
const pageKind = (kind: string): PageSummary['kind'] =>
  (PAGE_KINDS as readonly string[]).includes(kind) ? (kind as PageSummary['kind']) : 'custom';

/** Cents to currency units without float drift (12345 → 123.45). */
export const centsToUnits = (cents: number) => Math.round(cents) / 100;

export function toSettings(row: NonNullable<Row<'settings'>>): Settings {
  // Stored settings may predate a field; the schema's shape is what clients rely on.
  const defaults = defaultSettings(row.name);

  return SettingsSchema.parse({ ...defaults, ...row.data });
}

export const toMenuItem = (row: Row<'menu'>, l: Locale): MenuItem => ({
  id: row.id,
  title: pickText(row.title, l),
  url: row.url,
  location: row.location,
  position: row.position,
  is_external: row.is_external,
});

export const toPageSummary = (row: Row<'pages'>, l: Locale): PageSummary => ({
  id: row.id,
  url: row.url,
  name: pickText(row.name, l),
  kind: pageKind(row.kind),
  show_in_footer: row.show_in_footer,
});

export const toPage = (row: NonNullable<Row<'page'>>, l: Locale): Page => ({
  ...toPageSummary(row, l),
  content: pickText(row.content, l),
  updated_at: new Date(row.updated_at).toISOString(),
});

export const toSlide = (row: Row<'slides'>, l: Locale): Slide => ({
  id: row.id,
  slidable_type: row.slidable_type,
  slidable_id: row.slidable_id,
  title: pickText(row.title, l),
  subtitle: pickNullableText(row.subtitle, l),
  image_url: row.image_url,
  link_url: row.link_url,
  position: row.position,
});

export const toColorSettings = (rows: Rows<'colorSettings'>): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.name, r.value]));

export const toFaqItem = (row: Row<'faq'>, l: Locale): FaqItem => ({
  id: row.id,
  question: pickText(row.question, l),
  answer: pickText(row.answer, l),
  position: row.position,
});

export const toStaticBlock = (row: Row<'staticBlocks'>, l: Locale): StaticBlock => ({
  id: row.id,
  alias: row.alias,
  title: pickText(row.title, l),
  content: pickText(row.content, l),
});

export const toEventCategory = (row: Row<'eventCategories'>, l: Locale): EventCategory => ({
  id: row.id,
  name: pickText(row.name, l),
  alias: row.alias,
  image_url: row.image_url,
  position: row.position,
});

export const toEventLocation = (row: Row<'locations'>): EventLocation => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  time_zone: row.time_zone,
});

export const toParticipantGroup = (row: Row<'participantGroups'>): ParticipantGroup => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  image: row.image_url,
});

export const toGroupProperty = (
  row: Row<'participantGroupProperties'>,
  l: Locale,
): ParticipantGroupProperty => ({
  id: row.id,
  name: row.name,
  label: pickText(row.label, l),
  values: row.values,
});

const ACCESS_FLAGS = new Set([
  'watch',
  'download',
  'clipping',
  'download_clip',
  'no_ads',
  'vod_media_access',
]);
const accessFlags = (accesses: string[]) =>
  accesses.map((a) => a.toLowerCase()).filter((a) => ACCESS_FLAGS.has(a)) as Package['accesses'];

/** Price, fee and total as shown to buyers; packages and subscriptions store them alike. */
const priceFields = (row: PackageRow | SubscriptionRow) => ({
  price: centsToUnits(row.base_price_cents + row.service_fee_cents),
  base_price: centsToUnits(row.base_price_cents),
  service_fee: centsToUnits(row.service_fee_cents),
  currency: row.currency,
  image: row.image_url,
});

/** `purchased` needs the user's orders; the commerce issue fills it. Anonymous callers own nothing. */
export const toPackage = (row: PackageRow, l: Locale, purchased = false): Package => ({
  id: row.id,
  name: pickText(row.name, l),
  description: pickNullableText(row.description, l),
  ...priceFields(row),
  scope: row.scope,
  is_team_pass: row.is_team_pass,
  pass_type: row.pass_type,
  event_categories: row.event_category_ids ?? [],
  participants: row.participant_ids ?? [],
  accesses: accessFlags(row.accesses),
  is_basic: row.is_basic,
  disabled: row.disabled,
  purchased,
});

export const toSubscription = (
  row: SubscriptionRow,
  l: Locale,
  purchased = false,
): Subscription => ({
  id: row.id,
  name: pickText(row.name, l),
  description: pickNullableText(row.description, l),
  ...priceFields(row),
  offer: row.period === 'annual' ? 'annual' : 'monthly',
  period: row.period,
  trial_period: row.trial_period_days,
  accesses: accessFlags(row.accesses),
  purchased,
});

/** The enabled item with the highest base_price gets the premium look (spec section 3). */
export function withPremium<T extends { base_price: number; disabled?: boolean }>(items: T[]) {
  const enabled = items.filter((i) => !i.disabled);
  const top = Math.max(0, ...enabled.map((i) => i.base_price));
  return items.map((i) => ({ ...i, is_premium: top > 0 && !i.disabled && i.base_price === top }));
}
