import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin-messages.js';

/*
 * A season's games imported from a CSV file (/api/admin/games/import): the console sends the file's
 * text, the server answers a preview (every line, its values, each refused column's message code
 * and the game it would make), then imports the whole file in one transaction under an import id
 * the console chose, so a second submit of the same import changes nothing.
 */

export const ADMIN_IMPORT_LIMITS = {
  /** Characters of CSV text (512 KB of ASCII); the request body limit is above it. */
  maxChars: 512 * 1024,
  /** Games (lines after the header). */
  maxRows: 1000,
} as const;

/** The columns a season file may have, in the order the console documents them. */
export const IMPORT_COLUMNS = [
  'date',
  'time',
  'time_zone',
  'home_team',
  'away_team',
  'sport',
  'location',
  'access',
  'price',
  'duration',
  'name_en',
  'name_fr',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS = [
  'date',
  'time',
  'home_team',
  'away_team',
] as const satisfies readonly ImportColumn[];

const csv = z
  .string()
  .max(ADMIN_IMPORT_LIMITS.maxChars, ADMIN_MESSAGES.csvTooLarge)
  .describe('The CSV text (UTF-8, a header line first; commas, quotes as in RFC 4180)');

export const AdminImportPreviewBodySchema = z.object({
  csv,
  api_key: z.string().optional(),
});

export const AdminImportBodySchema = z.object({
  csv,
  import_id: z
    .uuid('import_id must be a UUID')
    .describe('Chosen by the console once per file: submitting it again changes nothing'),
  api_key: z.string().optional(),
});

/** What a valid line makes: the game as the console would show it, teams and places by name. */
export const ImportedGameSchema = z.object({
  name_en: z.string(),
  starts_at: z.string().describe('Wall-clock start in the game’s time zone (YYYY-MM-DDTHH:mm)'),
  time_zone: z.string(),
  event_utc_ts: z.string(),
  duration_minutes: z.number().int(),
  home_team: z.string(),
  away_team: z.string(),
  sport: z.string().nullable(),
  location: z.string().nullable(),
  access_type: z.string(),
  price_cents: z.number().int().nullable(),
});
export type ImportedGame = z.infer<typeof ImportedGameSchema>;

export const ImportRowSchema = z.object({
  line: z.number().int().describe('The line of the file (the header is line 1)'),
  values: z.record(z.string(), z.string()).describe('The line’s values by column'),
  errors: z
    .record(z.string(), z.string())
    .describe('Refused columns, each with its message code (admin.unknownTeam…)'),
  game: ImportedGameSchema.nullable().describe('What the line creates; null while it has errors'),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const AdminImportPreviewSchema = z.object({
  columns: z.array(z.string()).describe('The header’s columns, as read'),
  file_errors: z
    .array(
      z.object({
        code: z.string().describe('A message code (admin.csvQuote…)'),
        line: z.number().int().nullable(),
        detail: z.string().nullable().describe('The column it is about, as written'),
      }),
    )
    .describe('What is wrong with the file itself (header, quotes, size); no rows then'),
  rows: z.array(ImportRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type AdminImportPreview = z.infer<typeof AdminImportPreviewSchema>;

export const AdminImportResultSchema = z.object({
  import_id: z.string(),
  created: z.number().int(),
  event_ids: z.array(z.number().int()),
  replayed: z.boolean().describe('True: this import id was already imported; nothing new made'),
});
export type AdminImportResult = z.infer<typeof AdminImportResultSchema>;
