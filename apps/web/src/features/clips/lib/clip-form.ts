import { CreateClipBodySchema, VALIDATION_MESSAGES } from '@rudy/contracts';
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

const MESSAGE_KEYS = {
  [VALIDATION_MESSAGES.fillInput]: 'clips:validation.fillInput',
  [VALIDATION_MESSAGES.selectTag]: 'clips:validation.selectTag',
  [VALIDATION_MESSAGES.clipDuration]: 'clips:validation.clipDuration',
} as const;

const isSpecText = (text: string): text is keyof typeof MESSAGE_KEYS => text in MESSAGE_KEYS;

/** A field's message in the viewer's language; anything unexpected reads as "not valid". */
export function clipFieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isSpecText(message) ? t(MESSAGE_KEYS[message]) : t('clips:validation.invalid');
}
