import { useCallback } from 'react';
import { currentLocale, useT } from '../../../lib/i18n';
import { formatMoney, type Currency } from '../lib/money';

/** Formats amounts in the visitor's language; re-renders when the language changes. */
export function useMoney() {
  const { i18n } = useT();
  const language = i18n.language;
  return useCallback(
    (amount: number, currency: Currency) => formatMoney(amount, currency, currentLocale()),
    // The language is read through currentLocale(); listing it re-creates the formatter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language],
  );
}

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
