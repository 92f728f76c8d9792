import { useCallback } from 'react';
import { currentLocale, useT } from '../../../lib/i18n';

/** Prices are formatted app-wide (the player's paywall shows one too). */
export { useMoney } from '../../../lib/use-money';

/** A date in the visitor's language ("12 March 2026"). */
export function useDateText() {
  const { i18n } = useT();
  const language = i18n.language;
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(new Date(iso)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language],
  );
}
