import { z } from 'zod';
import { CLIP_LIMITS } from './clips.js';
import { IsoDateTimeSchema, LocaleSchema } from './common.js';

export const CurrencySchema = z.enum(['USD', 'CAD']);

export const SettingsSchema = z.object({
  channel_name: z.string(),
  logo_url: z.string().nullable(),
  language: LocaleSchema,
  currency: CurrencySchema,
  time_zone: z.string(),
  prerolls: z.boolean(),
  static_blocks: z.boolean(),
  google_tag_id: z.string().nullable(),
  yare_analytics_key: z.string().nullable(),
  recaptcha_site_key: z.string().nullable(),
  custom_forms: z.boolean(),
  contact_email: z.string().nullable(),
  social_links: z.array(z.object({ name: z.string(), url: z.string() })),
  /** ISO 3166 alpha-2 codes. A non-empty allow list admits only those countries. */
  geo_allowed_countries: z.array(z.string().length(2)),
  geo_blocked_countries: z.array(z.string().length(2)),
  /** Spec section 5: clips are tagged from this list (the sport tag, e.g. 'Hockey'). */
  clip_tags: z.array(z.string().min(1).max(CLIP_LIMITS.tagMax)).min(1),
  /** Longest clip a viewer may cut, in seconds. */
  clip_max_seconds: z.number().int().min(CLIP_LIMITS.minSeconds).max(600),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const MenuItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  location: z.enum(['header', 'footer']),
  position: z.number().int(),
  is_external: z.boolean(),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const PageSummarySchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  kind: z.enum(['about', 'privacy_policy', 'terms_conditions', 'contacts', 'faq', 'custom']),
  show_in_footer: z.boolean(),
});
export type PageSummary = z.infer<typeof PageSummarySchema>;

export const PageSchema = PageSummarySchema.extend({
  content: z.string().describe('Markdown-like plain text: paragraphs separated by blank lines'),
  updated_at: IsoDateTimeSchema,
});
export type Page = z.infer<typeof PageSchema>;

export const SlideSchema = z.object({
  id: z.number().int(),
  slidable_type: z.enum(['category', 'participant', 'group', 'main']),
  slidable_id: z.number().int().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image_url: z.string(),
  link_url: z.string().nullable(),
  position: z.number().int(),
});
export type Slide = z.infer<typeof SlideSchema>;

export const SlidesQuerySchema = z.object({
  type: z.enum(['category', 'participant', 'group', 'main']).optional(),
});

/** Colour settings: name → CSS colour. Known names drive the theme; others are passed through. */
export const ColorSettingsSchema = z.record(z.string(), z.string());
export type ColorSettings = z.infer<typeof ColorSettingsSchema>;

export const FaqItemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

export const StaticBlockSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  title: z.string(),
  content: z.string(),
});
export type StaticBlock = z.infer<typeof StaticBlockSchema>;

export const EventCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  image_url: z.string().nullable(),
  position: z.number().int(),
});
export type EventCategory = z.infer<typeof EventCategorySchema>;

export const EventLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  time_zone: z.string(),
});
export type EventLocation = z.infer<typeof EventLocationSchema>;

export const GenderSchema = z.enum(['men', 'women', 'not identified']);

export const ParticipantPropertiesSchema = z.object({
  gender: GenderSchema.nullable(),
  sport: z.string().nullable(),
  division: z.string().nullable(),
  league: z.string().nullable(),
});

export const ParticipantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  alias: z.string(),
  images: z.object({ logo: z.string().nullable() }),
  color: z.string(),
  participant_group_id: z.number().int().nullable(),
  properties: ParticipantPropertiesSchema,
  children: z.array(z.number().int()),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const ParticipantGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  image: z.string().nullable(),
});
export type ParticipantGroup = z.infer<typeof ParticipantGroupSchema>;

export const ParticipantGroupPropertySchema = z.object({
  id: z.number().int(),
  name: z.enum(['gender', 'sport', 'division', 'league']),
  label: z.string(),
  values: z.array(z.string()),
});
export type ParticipantGroupProperty = z.infer<typeof ParticipantGroupPropertySchema>;

export const GeoSchema = z.object({
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  ip: z.string(),
  is_geo_blocked: z.boolean(),
});
export type Geo = z.infer<typeof GeoSchema>;

/**
 * Colour setting names the web theme understands. Each becomes a CSS custom property
 * (--color-<name with dashes>) plus opacity variants at THEME_OPACITY_STEPS.
 */
export const THEME_COLOR_NAMES = [
  'primary',
  'primary_text',
  'secondary',
  'accent',
  'background',
  'surface',
  'text',
  'text_muted',
  'header_background',
  'header_text',
  'footer_background',
  'footer_text',
  'live',
] as const;
export type ThemeColorName = (typeof THEME_COLOR_NAMES)[number];
