import type { LiveStreamMeasure } from '@rudy/contracts';
import type { ColumnType, JSONColumnType } from 'kysely';

/*
 * What a column holds beyond what PostgreSQL's catalogue says: the shape of a JSON value, the
 * values a check constraint allows. schema.generated.ts is made from the migrated database
 * (`npm run db:types`); its overrides (db/generate-types.ts) name these types.
 */

export type I18nText = Partial<Record<'en' | 'fr', string>>;
/** Written as an object or as JSON text, read as an object. */
export type I18n = JSONColumnType<I18nText, I18nText | string, I18nText | string>;
export type OptionalI18n = JSONColumnType<I18nText | null, string | null, string | null>;
export type JsonRecord = JSONColumnType<Record<string, unknown>>;
export type OptionalJsonRecord = JSONColumnType<
  Record<string, unknown> | null,
  string | null,
  string | null
>;
export type StringRecord = JSONColumnType<Record<string, string>>;
/** A jsonb column with a default: written as JSON text. */
export type JsonMeta = ColumnType<Record<string, unknown>, string | undefined, string>;
export type MailHeaders = ColumnType<
  Record<string, string> | null,
  string | null | undefined,
  string | null
>;
/** A column that PostgreSQL computes (GENERATED ALWAYS): never written. */
export type ComputedText = ColumnType<string, never, never>;

export type Currency = 'USD' | 'CAD';
export type ProductType = 'package' | 'subscription';
export type VodMediaStatus = 'pending' | 'processing' | 'ready' | 'error';
export type FanAlertKind = 'live' | 'tomorrow';
export type PurchaseMailKind =
  'receipt' | 'trial_reminder' | 'payment_failed' | 'cancellation' | 'refund';
/** 0042: the stream's measured health while live, null off air. */
export type StreamHealth = JSONColumnType<
  LiveStreamMeasure | null,
  string | null | undefined,
  string | null
>;
