import type { Locale } from './constants.js';

/*
 * Zod-free on purpose: the web app's first paint reads forms (the base-pass guard) and must not
 * carry zod; the value rules built on these fields are in custom-forms.ts.
 */

/**
 * A channel's custom form (spec 3 "Custom form entry", spec 7 /custom-forms/{alias}), read the same
 * way by the server and the client: this is the one field reader. A definition is
 * `{ title?, description?, fields: [{ name, label?, type?, required?, options?, min_length?,
 * max_length?, multiline? }] }`; texts (title, description, labels) are a string or `{ en, fr }`.
 * `multiline: true` shows a text field on several lines (a message); its value is text as any.
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
  /** A text field shown on several lines. */
  multiline: boolean;
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
        multiline: type === 'text' && f.multiline === true,
      },
    ];
  });
}

/** A value for every field: the form's defaults, and what the server fills unposted fields with. */
export function emptyCustomFormValues(
  fields: readonly CustomFormField[],
  entries: readonly { name: string; value: string }[] = [],
): Record<string, string> {
  const saved = new Map(entries.map((e) => [e.name, e.value]));
  return Object.fromEntries(fields.map((f) => [f.name, saved.get(f.name) ?? '']));
}
