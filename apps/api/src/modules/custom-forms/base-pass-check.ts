import { BASE_PASS_FORM_ALIAS, hasChosenBasePass } from '@rudy/contracts';
import type { CustomFormsRepository } from './custom-forms.repository.js';

/**
 * Whether a user still owes the channel's base-pass choice: custom forms are on, the 'passes'
 * form exists and holds no pass for them (spec: logout is refused while the base pass is
 * unselected).
 */
export function createBasePassCheck(deps: {
  forms: CustomFormsRepository;
  customFormsOn: (channelId: number) => Promise<boolean>;
}) {
  return {
    async isPending(channelId: number, userId: number): Promise<boolean> {
      if (!(await deps.customFormsOn(channelId))) return false;
      const form = await deps.forms.form(channelId, BASE_PASS_FORM_ALIAS);
      if (!form) return false;
      const entries = await deps.forms.entries(form.id, userId);
      return !hasChosenBasePass({ definition: form.definition, entries });
    },
  };
}
export type BasePassCheck = ReturnType<typeof createBasePassCheck>;
