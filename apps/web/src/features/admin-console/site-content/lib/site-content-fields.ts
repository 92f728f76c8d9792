import {
  AdminFaqInputSchema,
  AdminMenuItemInputSchema,
  AdminPageInputSchema,
  AdminSlideInputSchema,
  AdminStaticBlockInputSchema,
  PAGE_KINDS,
  SITE_CONTENT_MESSAGES,
  SLIDE_TYPES,
} from '@rudy/contracts';
import type { z } from 'zod';
import type { Translate } from '../../../../lib/form-messages';
import type { SiteArea } from '../api/site-content';

/** One field of a site content form: how it is typed in, and what the contract gets. */
export type SiteField =
  | { name: string; kind: 'text' | 'textarea'; max: number; fr?: boolean; hint?: SiteHint }
  | { name: string; kind: 'number' | 'id' | 'checkbox' }
  | { name: string; kind: 'select'; options: readonly string[] };

/** The rules of a field, shown under it before anything is typed (admin-site:hints.*). */
export type SiteHint = 'pageUrl' | 'linkUrl' | 'markdown';

const text = (name: string, max: number, hint?: SiteHint) => ({
  name,
  kind: 'text' as const,
  max,
  ...(hint ? { hint } : {}),
});
const long = (name: string, max: number, hint?: SiteHint) => ({
  name,
  kind: 'textarea' as const,
  max,
  ...(hint ? { hint } : {}),
});
const position = { name: 'position', kind: 'number' as const };

/** Each area's fields in the order the form shows them, and the contract that checks them. */
export const SITE_FORMS: Record<SiteArea, { fields: readonly SiteField[]; schema: z.ZodType }> = {
  menu: {
    schema: AdminMenuItemInputSchema,
    fields: [
      text('title_en', 80),
      text('title_fr', 80),
      text('url', 500, 'linkUrl'),
      { name: 'location', kind: 'select', options: ['header', 'footer'] },
      position,
      { name: 'is_external', kind: 'checkbox' },
    ],
  },
  pages: {
    schema: AdminPageInputSchema,
    fields: [
      text('name_en', 120),
      text('name_fr', 120),
      text('url', 500, 'pageUrl'),
      { name: 'kind', kind: 'select', options: PAGE_KINDS },
      long('content_en', 20_000, 'markdown'),
      long('content_fr', 20_000, 'markdown'),
      position,
      { name: 'show_in_footer', kind: 'checkbox' },
    ],
  },
  slides: {
    schema: AdminSlideInputSchema,
    fields: [
      text('title_en', 120),
      text('title_fr', 120),
      text('subtitle_en', 200),
      text('subtitle_fr', 200),
      text('image_url', 500),
      text('link_url', 500),
      { name: 'slidable_type', kind: 'select', options: SLIDE_TYPES },
      { name: 'slidable_id', kind: 'id' },
      position,
    ],
  },
  faq: {
    schema: AdminFaqInputSchema,
    fields: [
      text('question_en', 300),
      text('question_fr', 300),
      long('answer_en', 5_000, 'markdown'),
      long('answer_fr', 5_000, 'markdown'),
      position,
    ],
  },
  static_blocks: {
    schema: AdminStaticBlockInputSchema,
    fields: [
      text('alias', 60),
      text('title_en', 120),
      text('title_fr', 120),
      long('content_en', 5_000),
      long('content_fr', 5_000),
    ],
  },
};

/** An item (or a new one's defaults) as the form's strings. */
export function toDraft(
  fields: readonly SiteField[],
  item: Record<string, unknown> | null,
): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const f of fields) {
    const value = item?.[f.name];
    if (f.kind === 'checkbox') draft[f.name] = String(value === true);
    else if (f.kind === 'select')
      draft[f.name] = typeof value === 'string' ? value : (f.options[0] ?? '');
    else if (f.kind === 'number') draft[f.name] = typeof value === 'number' ? String(value) : '0';
    else
      draft[f.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return draft;
}

/**
 * The form's strings as the contract's input: numbers as numbers (what is not one stays NaN, so
 * the contract says which field), an empty id as null, checkboxes as booleans.
 */
export function toInput(fields: readonly SiteField[], draft: Record<string, string>) {
  const input: Record<string, string | number | boolean | null> = {};
  for (const f of fields) {
    const raw = draft[f.name] ?? '';
    if (f.kind === 'checkbox') input[f.name] = raw === 'true';
    else if (f.kind === 'number') input[f.name] = raw.trim() === '' ? Number.NaN : Number(raw);
    else if (f.kind === 'id') input[f.name] = raw.trim() === '' ? null : Number(raw);
    else input[f.name] = raw;
  }
  return input;
}

const BY_TEXT = new Map<string, keyof typeof SITE_CONTENT_MESSAGES>(
  Object.entries(SITE_CONTENT_MESSAGES).map(([k, v]) => [
    v,
    k as keyof typeof SITE_CONTENT_MESSAGES,
  ]),
);

/** The site content contract's own field messages, in the admin's language. */
export function siteFieldMessage(t: Translate, message: string): string | undefined {
  const key = BY_TEXT.get(message);
  return key ? t(`admin-site:validation.${key}`) : undefined;
}
