import { useCallback } from 'react';
import { currentLocale, useT } from './i18n';
import { formatMoney, type Currency } from './money';

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
