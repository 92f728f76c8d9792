import { LOCALES, type Locale } from '@rudy/contracts';
import { i18next } from './i18n';
import type { LazyNamespace } from './i18n-resources';

/**
 * Adds the texts of a namespace that loads with its screens (see LazyResources), kept out of the
 * start-up bundle with them. Their modules are evaluated after start-up has initialised i18next;
 * an earlier import waits for it.
 */
export function addLazyNamespace(
  ns: LazyNamespace,
  bundles: Record<Locale, Record<string, unknown>>,
) {
  const add = () => {
    for (const locale of LOCALES) {
      if (!i18next.hasResourceBundle(locale, ns)) {
        i18next.addResourceBundle(locale, ns, bundles[locale]);
      }
    }
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}
