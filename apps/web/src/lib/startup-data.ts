import { STARTUP_DATA_ELEMENT_ID, type StartupData } from '@rudy/contracts';
import { isRuntimeConfig } from './runtime-config';

/**
 * The start-up data the server put into the page (see StartupData), or null when the page has none
 * (a static deployment, the dev server) or it is unreadable: start-up then fetches it all.
 */
export function readStartupData(doc: Document = document): StartupData | null {
  const text = doc.getElementById(STARTUP_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<StartupData> | null;
    if (!data || !isRuntimeConfig(data.config) || typeof data.locale !== 'string') return null;
    return {
      config: { ...data.config, analytics_url: data.config.analytics_url ?? null },
      locale: data.locale,
      bootstrap: data.bootstrap ?? null,
      homepage: data.homepage ?? null,
    };
  } catch {
    return null;
  }
}
