import { isApiError } from '../../../lib/api-error';
import { isOneOf } from '../../../lib/code-list';
import type { Translate } from '../../../lib/form-messages';
import '../../../locales/clips';

/** Refusals of POST /clip with a text of their own (by code, never by the server's words). */
const CREATE_CODES = [
  'clip_tag_invalid',
  'clip_beyond_end',
  'clip_too_short',
  'clip_too_long',
  'clipping_not_allowed',
  'clip_limit_reached',
  'access_denied',
  'geo_blocked',
  'media_not_ready',
  'login_required',
  'unauthenticated',
  'rate_limited',
] as const;
const isCreateCode = isOneOf(CREATE_CODES);

/**
 * Why a clip could not be requested. Anything without a text of its own (a server or network
 * failure) is the spec's 'clip creating failed'.
 */
export function clipCreateErrorText(t: Translate, error: unknown, maxSeconds: number): string {
  if (!isApiError(error) || !isCreateCode(error.code)) return t('clips:status.failed');
  if (error.code === 'clip_too_long')
    return t('clips:errors.clip_too_long', { seconds: maxSeconds });
  return t(`clips:errors.${error.code}`);
}

/** Why a download, a deletion or a list failed. */
export function clipActionErrorText(t: Translate, error: unknown): string {
  if (isApiError(error) && error.code === 'download_not_allowed') {
    return t('clips:errors.download_not_allowed');
  }
  if (isApiError(error) && (error.code === 'ERR_NETWORK' || error.code === 'ERR_TIMEOUT')) {
    return t('clips:errors.network');
  }
  return t('errors:generic');
}
