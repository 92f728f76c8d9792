import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '../components/ui/toast-store';
import { clearSessionEnd } from '../features/auth/hooks/session-end';
import { clearKeptAppEvents } from '../lib/app-events';
import { clearFailingUrls } from '../lib/failing-urls';
import { i18n, initI18n } from '../lib/i18n';

initI18n('en');

// findBy* and waitFor wait for what they look for up to this long (1 s by default): on a loaded
// 2-core machine a lazy screen's first render alone took over 5 s. See webTests in vitest.config.ts.
configure({ asyncUtilTimeout: 20_000 });

afterEach(async () => {
  cleanup();
  localStorage.clear();
  clearFailingUrls();
  clearToasts();
  clearKeptAppEvents();
  clearSessionEnd();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
