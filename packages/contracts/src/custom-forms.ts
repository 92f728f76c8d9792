import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.js';
import type { Locale } from './constants.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

/**
 * A channel's custom form (spec 3 "Custom form entry", spec 7 /custom-forms/{alias}), read the same
 * way by the server and the client: this is the one field reader. A definition is
 * `{ title?, description?, fields: [{ name, label?, type?, required?, options?, min_length?,
 * max_length? }] }`; texts (title, description, labels) are a string or `{ en, fr }`.
 */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'email',
  'phone',
  'select',
  'checkbox',
  'package',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomFieldOption {
  value: string;
  label: string;
}

export interface CustomFormField {
  name: string;
  label: string | null;
  type: CustomFieldType;
  required: boolean;
  /** Choices of a select field. */
  options: CustomFieldOption[];
  minLength: number | null;
  maxLength: number;
}

/** Entries are stored as text of at most this length (CustomFormEntrySchema). */
export const CUSTOM_VALUE_MAX = 2000;

/** Spec 5: "optional plus, 10 to 14 digits with separators" (spaces, dots, dashes, brackets). */
export const PHONE_PATTERN = /^\+?[\s().-]*(?:\d[\s().-]*){10,14}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A definition text in the visitor's language: `{ en, fr }` or one string for both. */
export function formText(value: unknown, locale: Locale): string | null {
  if (typeof value === 'string') return value || null;
  if (!isRecord(value)) return null;
  const text = value[locale] ?? value.en;
  return typeof text === 'string' && text ? text : null;
}

const positiveInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;

function readOptions(raw: unknown, locale: Locale): CustomFieldOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((o): CustomFieldOption[] => {
    if (typeof o === 'string' && o) return [{ value: o, label: o }];
    if (!isRecord(o) || typeof o.value !== 'string' || !o.value) return [];
    return [{ value: o.value, label: formText(o.label, locale) ?? o.value }];
  });
}

/** The fields a definition declares, or null when it declares none (a free-form store). */
export function customFormFields(
  definition: Record<string, unknown>,
  locale: Locale = 'en',
): CustomFormField[] | null {
  const raw = definition.fields;
  if (!Array.isArray(raw)) return null;
  const seen = new Set<string>();
  return raw.flatMap((f): CustomFormField[] => {
    if (!isRecord(f) || typeof f.name !== 'string' || !f.name || seen.has(f.name)) return [];
    seen.add(f.name);
    const type = (CUSTOM_FIELD_TYPES as readonly unknown[]).includes(f.type)
      ? (f.type as CustomFieldType)
      : 'text';
    const options = type === 'select' ? readOptions(f.options, locale) : [];
    return [
      {
        name: f.name,
        label: formText(f.label, locale),
        // A select without choices would be impossible to fill in: it reads as text.
        type: type === 'select' && options.length === 0 ? 'text' : type,
        required: f.required === true,
        options,
        minLength: positiveInt(f.min_length),
        maxLength: Math.min(positiveInt(f.max_length) ?? CUSTOM_VALUE_MAX, CUSTOM_VALUE_MAX),
      },
    ];
  });
}

const lengthMessage = (template: string, n: number) => template.replace('{number}', String(n));

/** One field's value rule; every value is text ('' when not filled in, 'true' for a ticked box). */
function valueSchema(field: CustomFormField): z.ZodType<string> {
  if (field.type === 'checkbox') {
    return z
      .union([z.boolean(), z.string()])
      .transform((v) => (v === true || v === 'true' ? 'true' : ''))
      .refine((v) => !field.required || v === 'true', M.required);
  }
  return z
    .string()
    .transform((v) => v.trim())
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (!value) {
        if (field.required) fail(M.required);
        return;
      }
      if (value.length > field.maxLength) return fail(lengthMessage(M.maxLength, field.maxLength));
      if (field.minLength && value.length < field.minLength) {
        return fail(lengthMessage(M.minLength, field.minLength));
      }
      if (field.type === 'email' && !EMAIL_PATTERN.test(value)) return fail(M.email);
      if (field.type === 'phone' && !PHONE_PATTERN.test(value)) return fail(M.phone);
      if (field.type === 'select' && !field.options.some((o) => o.value === value)) {
        return fail(M.required);
      }
      if (field.type === 'package' && !/^\d{1,9}$/.test(value)) return fail(M.required);
    });
}

/**
 * The values of a form as one object schema: the client's resolver and the server's check. Every
 * field is present ('' when empty): see `emptyCustomFormValues`.
 */
export function customFormValuesSchema(fields: readonly CustomFormField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.name, valueSchema(f)])));
}

/** A value for every field: the form's defaults, and what the server fills unposted fields with. */
export function emptyCustomFormValues(
  fields: readonly CustomFormField[],
  entries: readonly { name: string; value: string }[] = [],
): Record<string, string> {
  const saved = new Map(entries.map((e) => [e.name, e.value]));
  return Object.fromEntries(fields.map((f) => [f.name, saved.get(f.name) ?? '']));
}

export type CustomFormCheck =
  | { ok: true; entries: { name: string; value: string }[] }
  | { ok: false; errors: Record<string, string> };

/**
 * The server's check of posted entries against the definition: unknown names are refused, each
 * declared field is checked by the same schema as the form. Every declared field is stored, an
 * empty one as '' (so a visitor can clear what they filled in before).
 */
export function checkCustomFormEntries(
  definition: Record<string, unknown>,
  entries: readonly { name: string; value: string }[],
): CustomFormCheck {
  const fields = customFormFields(definition);
  if (!fields) return { ok: true, entries: [...entries] };
  const known = new Set(fields.map((f) => f.name));
  const errors: Record<string, string> = {};
  for (const e of entries) if (!known.has(e.name)) errors[e.name] = 'Unknown field';
  const values = emptyCustomFormValues(fields, entries);
  const parsed = customFormValuesSchema(fields).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '_');
      errors[name] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const data = parsed.data as Record<string, string>;
  return {
    ok: true,
    entries: fields.map((f) => ({ name: f.name, value: data[f.name] ?? '' })),
  };
}
