import { ADMIN_MEDIA_MESSAGES } from '@rudy/contracts';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText, type Translate } from '../../../../lib/form-messages';

type MediaMessageKey = keyof typeof ADMIN_MEDIA_MESSAGES;
const BY_TEXT = new Map<string, MediaMessageKey>(
  Object.entries(ADMIN_MEDIA_MESSAGES).map(([key, text]) => [text, key as MediaMessageKey]),
);

/** A refused media call in the admin's language: the contract's texts by key, others as usual. */
export function mediaErrorText(t: Translate, error: unknown): string {
  if (isApiError(error)) {
    const fields = Object.values(error.errors ?? {});
    const key = BY_TEXT.get(error.message) ?? BY_TEXT.get(fields[0] ?? '');
    if (key) return t(`admin-media:messages.${key}`);
  }
  return apiErrorText(t, error);
}
