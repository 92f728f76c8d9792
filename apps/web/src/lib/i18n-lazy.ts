import { LOCALES, type Locale } from '@rudy/contracts';
import { i18n } from './i18n';
import type { LazyNamespace } from './i18n-resources';
import type { TextTree } from './translator';

/**
 * Adds the texts of a namespace that loads with its screens (see LazyResources), kept out of the
 * start-up bundle with them.
 */
export function addLazyNamespace(ns: LazyNamespace, bundles: Record<Locale, TextTree>) {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, ns, bundles[locale]);
}
