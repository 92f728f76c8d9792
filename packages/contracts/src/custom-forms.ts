import { z } from 'zod';
import {
  PHONE_PATTERN,
  customFormFields,
  emptyCustomFormValues,
  type CustomFormField,
} from './custom-form-fields.js';
import { EMAIL_PATTERN } from './email-patterns.js';
import { FIELD as M, lengthCode } from './messages.js';

/*
 * The value rules of a channel's custom form (spec 3, 7 /custom-forms/{alias}) on the fields read by
 * custom-form-fields.ts: the client's form resolver and the server's check are this one schema.
 */

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
      if (value.length > field.maxLength) return fail(lengthCode('maxLength', field.maxLength));
      if (field.minLength && value.length < field.minLength) {
        return fail(lengthCode('minLength', field.minLength));
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
