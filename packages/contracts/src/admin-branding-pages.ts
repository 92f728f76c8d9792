import { z } from 'zod';
import { LocaleSchema } from './common.js';
import { ADMIN_MESSAGES } from './admin-console.js';
import { FIELD as M, lengthCode } from './messages.js';
import { isSiteLink } from './site-links.js';

/*
 * The console's site content (/api/admin/site-content...): everything the channel bootstrap serves
 * viewers besides the name, logo and colours: the menu, pages, slides, FAQ, static blocks and the
 * site's default language. Texts are edited in both languages (`*_en` required, `*_fr` optional:
 * viewers reading French fall back to English). Replies are plain shapes, not the inputs' rules:
 * what is stored (seeded, older) may predate them.
 */

export const SITE_CONTENT_MESSAGES = {
  link: 'Use a site path like /about or an https address',
  image: 'Use an https address or a site path like /images/slide.jpg',
  alias: 'Use lower-case letters, digits and dashes',
  aliasTaken: 'This alias is already used',
  urlTaken: 'Another page has this address',
  slideTarget: 'Choose what the slide shows',
  unknownTarget: 'This item is not one of the channel’s',
} as const;

const maxLength = (n: number) => lengthCode('maxLength', n);
const requiredText = (max: number) => z.string().trim().min(1, M.required).max(max, maxLength(max));
const optionalText = (max: number) => z.string().trim().max(max, maxLength(max));

const link = (message: string) =>
  z.string().trim().min(1, M.required).max(500, maxLength(500)).refine(isSiteLink, message);

const position = z
  .number({ error: ADMIN_MESSAGES.positionRange })
  .int(ADMIN_MESSAGES.positionRange)
  .min(0, ADMIN_MESSAGES.positionRange)
  .max(1000, ADMIN_MESSAGES.positionRange);

const apiKey = { api_key: z.string().optional() };
const id = z.number().int();

// ---------------------------------------------------------------- menu

export const AdminMenuItemInputSchema = z.object({
  title_en: requiredText(80),
  title_fr: optionalText(80),
  url: link(SITE_CONTENT_MESSAGES.link),
  location: z.enum(['header', 'footer']),
  position,
  is_external: z.boolean(),
});
export const AdminMenuItemBodySchema = AdminMenuItemInputSchema.extend(apiKey);
export const AdminMenuItemSchema = z.object({
  id,
  title_en: z.string(),
  title_fr: z.string(),
  url: z.string(),
  location: z.enum(['header', 'footer']),
  position: id,
  is_external: z.boolean(),
});
export type AdminMenuItem = z.infer<typeof AdminMenuItemSchema>;

// ---------------------------------------------------------------- pages

export const PAGE_KINDS = [
  'about',
  'privacy_policy',
  'terms_conditions',
  'contacts',
  'faq',
  'custom',
] as const;

export const AdminPageInputSchema = z.object({
  name_en: requiredText(120),
  name_fr: optionalText(120),
  url: link(SITE_CONTENT_MESSAGES.link),
  kind: z.enum(PAGE_KINDS),
  content_en: optionalText(20_000),
  content_fr: optionalText(20_000),
  position,
  show_in_footer: z.boolean(),
});
export const AdminPageBodySchema = AdminPageInputSchema.extend(apiKey);
export const AdminPageSchema = z.object({
  id,
  name_en: z.string(),
  name_fr: z.string(),
  url: z.string(),
  kind: z.enum(PAGE_KINDS),
  content_en: z.string(),
  content_fr: z.string(),
  position: id,
  show_in_footer: z.boolean(),
});
export type AdminPage = z.infer<typeof AdminPageSchema>;

// ---------------------------------------------------------------- slides

export const SLIDE_TYPES = ['main', 'category', 'participant', 'group'] as const;

const slideFields = z.object({
  title_en: requiredText(120),
  title_fr: optionalText(120),
  subtitle_en: optionalText(200),
  subtitle_fr: optionalText(200),
  image_url: link(SITE_CONTENT_MESSAGES.image),
  link_url: z
    .string()
    .trim()
    .max(500, maxLength(500))
    .refine((v) => v === '' || isSiteLink(v), SITE_CONTENT_MESSAGES.link),
  /** 'main' is the home page's carousel; the others show on a sport's, team's or school's page. */
  slidable_type: z.enum(SLIDE_TYPES),
  slidable_id: id.positive().nullable(),
  position,
});

type SlideShape = z.infer<typeof slideFields>;
/** A slide on a sport's, team's or school's page names which one. */
const withSlideTarget = <T extends z.ZodType<SlideShape>>(schema: T) =>
  schema.refine((s) => s.slidable_type === 'main' || s.slidable_id !== null, {
    path: ['slidable_id'],
    message: SITE_CONTENT_MESSAGES.slideTarget,
  });
export const AdminSlideInputSchema = withSlideTarget(slideFields);
export const AdminSlideBodySchema = withSlideTarget(slideFields.extend(apiKey));
export const AdminSlideSchema = z.object({
  id,
  title_en: z.string(),
  title_fr: z.string(),
  subtitle_en: z.string(),
  subtitle_fr: z.string(),
  image_url: z.string(),
  link_url: z.string(),
  slidable_type: z.enum(SLIDE_TYPES),
  slidable_id: id.nullable(),
  position: id,
});
export type AdminSlide = z.infer<typeof AdminSlideSchema>;

// ---------------------------------------------------------------- FAQ

export const AdminFaqInputSchema = z.object({
  question_en: requiredText(300),
  question_fr: optionalText(300),
  answer_en: requiredText(5_000),
  answer_fr: optionalText(5_000),
  position,
});
export const AdminFaqBodySchema = AdminFaqInputSchema.extend(apiKey);
export const AdminFaqSchema = z.object({
  id,
  question_en: z.string(),
  question_fr: z.string(),
  answer_en: z.string(),
  answer_fr: z.string(),
  position: id,
});
export type AdminFaq = z.infer<typeof AdminFaqSchema>;

// ---------------------------------------------------------------- static blocks

export const AdminStaticBlockInputSchema = z.object({
  /** How the site asks for the block (e.g. 'home-intro'); unique in the channel. */
  alias: z
    .string()
    .trim()
    .min(1, M.required)
    .max(60, maxLength(60))
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SITE_CONTENT_MESSAGES.alias),
  title_en: requiredText(120),
  title_fr: optionalText(120),
  content_en: optionalText(5_000),
  content_fr: optionalText(5_000),
});
export const AdminStaticBlockBodySchema = AdminStaticBlockInputSchema.extend(apiKey);
export const AdminStaticBlockSchema = z.object({
  id,
  alias: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  content_en: z.string(),
  content_fr: z.string(),
});
export type AdminStaticBlock = z.infer<typeof AdminStaticBlockSchema>;

// ---------------------------------------------------------------- languages and switches

export const AdminSiteSettingsInputSchema = z.object({
  /** The language a first visit is shown in (viewers may switch). */
  language: LocaleSchema,
  /** Whether the home page shows the static blocks. */
  static_blocks: z.boolean(),
});
export type AdminSiteSettingsInput = z.input<typeof AdminSiteSettingsInputSchema>;
export const AdminSiteSettingsBodySchema = AdminSiteSettingsInputSchema.extend(apiKey);
export const AdminSiteSettingsSchema = AdminSiteSettingsInputSchema;
export type AdminSiteSettings = z.infer<typeof AdminSiteSettingsSchema>;

/** GET /api/admin/site-content: everything the screen edits, in both languages. */
export const AdminSiteContentSchema = z.object({
  settings: AdminSiteSettingsSchema,
  menu: z.array(AdminMenuItemSchema),
  pages: z.array(AdminPageSchema),
  slides: z.array(AdminSlideSchema),
  faq: z.array(AdminFaqSchema),
  static_blocks: z.array(AdminStaticBlockSchema),
});
export type AdminSiteContent = z.infer<typeof AdminSiteContentSchema>;
