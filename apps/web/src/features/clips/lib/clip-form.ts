import { CreateClipBodySchema, FIELD } from '@rudy/contracts';
import type { z } from 'zod';
import type { Translate } from '../../../lib/form-messages';
import '../../../locales/clips';

/**
 * The clip form's fields, with the contracts' rules and the spec's texts: 'Please fill in the input
 * field.' for a missing name, 'Please select tag' without a tag. The in and out points come from
 * the player's handles and are checked apart (lib/clip-range.ts).
 */
export const ClipFormSchema = CreateClipBodySchema.pick({ name: true, tags: true });
export type ClipFormValues = z.input<typeof ClipFormSchema>;

/** The clip fields' message codes (contracts `FIELD`) and their texts. */
const MESSAGE_KEYS = {
  [FIELD.fillInput]: 'clips:validation.fillInput',
  [FIELD.selectTag]: 'clips:validation.selectTag',
  [FIELD.clipDuration]: 'clips:validation.clipDuration',
} as const;

const isClipCode = (code: string): code is keyof typeof MESSAGE_KEYS =>
  Object.hasOwn(MESSAGE_KEYS, code);

/** A field's message in the viewer's language, by its code; anything else reads as "not valid". */
export function clipFieldMessage(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return isClipCode(code) ? t(MESSAGE_KEYS[code]) : t('clips:validation.invalid');
}
