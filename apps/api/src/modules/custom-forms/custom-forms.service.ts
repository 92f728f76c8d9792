import {
  checkCustomFormEntries,
  fieldMessageText,
  type CustomForm,
  type CustomFormEntry,
} from '@rudy/contracts';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { CustomFormsRepository } from './custom-forms.repository.js';

/**
 * Custom forms: 404 when the channel has none by that alias (the client tolerates it). Entries are
 * name/value pairs; a form that declares its fields accepts only those, each checked by its type.
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
      // The same reader and rules as the form on the client (contracts/custom-forms.ts).
      const check = checkCustomFormEntries(form.definition, entries);
      if (!check.ok) {
        const first = Object.entries(check.errors)[0];
        const message = first ? `${first[0]}: ${fieldMessageText(first[1])}` : 'Invalid form';
        throw new HttpError(400, 'validation_failed', message, check.errors);
      }
      if (check.entries.length > 0) await repo.save(channelId, form.id, userId, check.entries);
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
