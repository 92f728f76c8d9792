import { VALIDATION_MESSAGES, type CustomForm, type CustomFormEntry } from '@rudy/contracts';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { CustomFormsRepository } from './custom-forms.repository.js';

interface FieldDef {
  name: string;
  required?: boolean;
}

/** The fields a form declares (`definition.fields`), when it declares any. */
function fieldsOf(definition: Record<string, unknown>): FieldDef[] | null {
  const fields = definition.fields;
  if (!Array.isArray(fields)) return null;
  return fields.flatMap((f): FieldDef[] => {
    if (typeof f !== 'object' || f === null) return [];
    const { name, required } = f as { name?: unknown; required?: unknown };
    return typeof name === 'string' ? [{ name, required: required === true }] : [];
  });
}

/**
 * Custom forms: 404 when the channel has none by that alias (the client tolerates it). Entries are
 * name/value pairs; a form that declares its fields accepts only those and needs its required ones.
 */
export function createCustomFormsService(repo: CustomFormsRepository) {
  async function load(channelId: number, alias: string) {
    const form = await repo.form(channelId, alias);
    if (!form) throw notFound('Form not found');
    return form;
  }
  return {
    async get(channelId: number, userId: number | null, alias: string): Promise<CustomForm> {
      const form = await load(channelId, alias);
      const entries = userId === null ? [] : await repo.entries(form.id, userId);
      return { id: form.id, alias: form.alias, definition: form.definition, entries };
    },
    async save(channelId: number, userId: number, alias: string, entries: CustomFormEntry[]) {
      const form = await load(channelId, alias);
      const fields = fieldsOf(form.definition);
      if (fields) {
        const known = new Set(fields.map((f) => f.name));
        const errors: Record<string, string> = {};
        for (const e of entries) if (!known.has(e.name)) errors[e.name] = 'Unknown field';
        for (const f of fields) {
          const given = entries.find((e) => e.name === f.name);
          if (f.required && !given?.value.trim()) errors[f.name] = VALIDATION_MESSAGES.required;
        }
        const first = Object.entries(errors)[0];
        if (first) {
          throw new HttpError(400, 'validation_failed', `${first[0]}: ${first[1]}`, errors);
        }
      }
      await repo.save(channelId, form.id, userId, entries);
      return {
        id: form.id,
        alias: form.alias,
        definition: form.definition,
        entries: await repo.entries(form.id, userId),
      };
    },
  };
}
export type CustomFormsService = ReturnType<typeof createCustomFormsService>;
