import {
  SettingsSchema,
  type EventCategory,
  type EventLocation,
  type FaqItem,
  type Locale,
  type MenuItem,
  type Page,
  type PageSummary,
  type ParticipantGroup,
  type ParticipantGroupProperty,
  type Settings,
  type Slide,
  type StaticBlock,
} from '@rudy/contracts';
import { pickNullableText, pickText } from '../../lib/i18n-text.js';
import { defaultSettings } from './default-settings.js';
import type { ChannelRepository } from './channel.repository.js';

type Rows<K extends keyof ChannelRepository> = Awaited<ReturnType<ChannelRepository[K]>>;
type Row<K extends keyof ChannelRepository> =
  NonNullable<Rows<K>> extends (infer R)[] ? R : NonNullable<Rows<K>>;

const PAGE_KINDS = ['about', 'privacy_policy', 'terms_conditions', 'contacts', 'faq'] as const;
const pageKind = (kind: string): PageSummary['kind'] =>
  (PAGE_KINDS as readonly string[]).includes(kind) ? (kind as PageSummary['kind']) : 'custom';

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
