import { useMemo } from 'react';
import type { AnalyticsDashboard } from '@rudy/contracts';
import { currentLocale, useT } from '../../../lib/i18n';
import { durationParts, firstFrameParts, formatCount, formatMoney } from '../lib/format';

/** The dashboard's number formats in the visitor's language. */
export function useFigures() {
  const { t, i18n } = useT();
  const locale = i18n.language ? currentLocale() : 'en';
  return useMemo(
    () => ({
      count: (n: number) => formatCount(n, locale),
      /** Hours on a chart's axis: two decimals at most (0.25 h is a quarter, not 0.3). */
      hours: (n: number) =>
        new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
          maximumFractionDigits: 2,
        }).format(n),
      money: (cents: number, currency: AnalyticsDashboard['currency']) =>
        formatMoney(cents, currency, locale),
      duration(seconds: number) {
        const p = durationParts(seconds);
        if (p.unit === 'hours') return t('admin:analytics.units.hours', { h: p.h, m: p.m });
        if (p.unit === 'minutes') return t('admin:analytics.units.minutes', { m: p.m });
        return t('admin:analytics.units.seconds', { s: p.s });
      },
      firstFrame(ms: number) {
        const p = firstFrameParts(ms, locale);
        return p.unit === 'ms'
          ? t('admin:analytics.units.ms', { value: p.value })
          : t('admin:analytics.units.s', { value: p.value });
      },
    }),
    [locale, t],
  );
}
export type Figures = ReturnType<typeof useFigures>;
