import type { Locale } from './constants.js';
import { CUSTOM_VALUE_MAX, customFormFields, type CustomFormField } from './custom-form-fields.js';

/**
 * The base-pass custom form (spec: "the passes custom form"), a custom form (custom-forms.ts) whose
 * field of type 'package' holds the chosen pass id. A definition without fields is one required
 * choice named `base_pass`.
 */
export const BASE_PASS_FORM_ALIAS = 'passes';

export type BasePassField = CustomFormField;

export const DEFAULT_PASS_FIELD: BasePassField = {
  name: 'base_pass',
  label: null,
  type: 'package',
  required: true,
  options: [],
  minLength: null,
  maxLength: CUSTOM_VALUE_MAX,
  multiline: false,
};

/** The base-pass form's fields, read by the one custom-form reader; none declared: the choice. */
export function basePassFields(definition: Record<string, unknown>, locale: Locale = 'en') {
  const fields = customFormFields(definition, locale) ?? [];
  return fields.length > 0 ? fields : [DEFAULT_PASS_FIELD];
}

/** The field holding the pass: the first of type 'package', else the first field. */
export function passField(definition: Record<string, unknown>): BasePassField {
  const fields = basePassFields(definition);
  return fields.find((f) => f.type === 'package') ?? fields[0] ?? DEFAULT_PASS_FIELD;
}

/** Spec: a user "who has not selected" a base pass has no value saved for the pass field. */
export function hasChosenBasePass(form: {
  definition: Record<string, unknown>;
  entries: readonly { name: string; value: string }[];
}): boolean {
  const field = passField(form.definition);
  return form.entries.some((e) => e.name === field.name && e.value.trim() !== '');
}
