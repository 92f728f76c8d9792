/**
 * The base-pass custom form (spec: "the passes custom form"), read the same way by the server and
 * the client. Its definition lists `fields` of `{name, label?, type?: 'package' | 'text',
 * required?}`; the field of type 'package' holds the chosen pass id. A definition without fields
 * is one required choice named `base_pass`.
 */
export const BASE_PASS_FORM_ALIAS = 'passes';

export interface BasePassField {
  name: string;
  label: string | null;
  type: 'package' | 'text';
  required: boolean;
}

export const DEFAULT_PASS_FIELD: BasePassField = {
  name: 'base_pass',
  label: null,
  type: 'package',
  required: true,
};

export function basePassFields(definition: Record<string, unknown>): BasePassField[] {
  const raw = definition.fields;
  if (!Array.isArray(raw)) return [DEFAULT_PASS_FIELD];
  const fields = raw.flatMap((f): BasePassField[] => {
    if (typeof f !== 'object' || f === null) return [];
    const { name, label, type, required } = f as Record<string, unknown>;
    if (typeof name !== 'string' || !name) return [];
    return [
      {
        name,
        label: typeof label === 'string' ? label : null,
        type: type === 'package' ? 'package' : 'text',
        required: required === true,
      },
    ];
  });
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
