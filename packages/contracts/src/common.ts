import { z } from 'zod';
import { LOCALES } from './constants.js';

export const IdSchema = z.coerce
  .number({ error: 'id must be a number' })
  .int('id must be an integer')
  .positive('id must be positive')
  .max(2_147_483_647, 'id is too large');

export const IdParamsSchema = z.object({ id: IdSchema });

export const LocaleSchema = z.enum(LOCALES);

/** Every keyed GET/DELETE carries these in its query string. */
export const KeyedQuerySchema = z.object({
  api_key: z.string().optional(),
  lang: LocaleSchema.optional(),
});

export const IsoDateTimeSchema = z.string().describe('ISO 8601 date-time in UTC');

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
  });
}

const DATA_IMAGE = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;
/** An SVG as a percent-encoded data URI (how the demo's own logo and banners are written). */
const DATA_SVG = /^data:image\/svg\+xml,[^\s"'<>]+$/;

/** A picture's address: https, or the image written inline (a data URI, as the demo's art is). */
export const isImageAddress = (v: string) =>
  DATA_IMAGE.test(v) || DATA_SVG.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v);

/**
 * A cross-field rule's `when`: it runs once the fields it reads are valid, so every message shows
 * on the first submit. Never on a value that is not the object at all (`false`, `[]`, `null`: an
 * issue without a path): the rule would read fields of nothing and throw, a 500 instead of a 400.
 */
export const fieldsValid =
  (...fields: string[]) =>
  (p: { issues: { path?: PropertyKey[] | undefined }[] }) =>
    p.issues.every((i) => i.path?.[0] !== undefined && !fields.includes(String(i.path[0])));
