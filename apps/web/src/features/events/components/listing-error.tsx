import { ERR_NETWORK, ERR_TIMEOUT } from '@rudy/contracts';
import { Button } from '../../../components/ui/button';
import { StatusMessage } from '../../../components/ui/status-message';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import '../../../locales/listings';

/** A listing that could not be read, with what went wrong in words and what to do next. */
export function ListingError({
  what,
  error,
  onRetry,
  onClearFilters,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  onClearFilters?: (() => void) | undefined;
}) {
  const { t } = useT();
  const status = isApiError(error) ? error.status : 0;
  const code = isApiError(error) ? error.code : '';
  const description =
    code === ERR_NETWORK || code === ERR_TIMEOUT || status === 0
      ? t('common:states.loadErrorText')
      : status === 429
        ? t('errors:codes.rate_limited')
        : status === 400
          ? t('listings:errors.badFilter')
          : t('listings:errors.server');
  return (
    <StatusMessage
      tone="error"
      title={t('common:states.loadErrorTitle', { what })}
      description={description}
      action={
        status === 400 && onClearFilters ? (
          <Button variant="secondary" size="s" onClick={onClearFilters}>
            {t('listings:filters.clear')}
          </Button>
        ) : (
          <Button variant="secondary" size="s" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        )
      }
    />
  );
}
