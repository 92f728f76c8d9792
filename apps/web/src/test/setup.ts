import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '../components/ui/toast-store';
import { clearKeptAppEvents } from '../lib/app-events';
import { clearFailingUrls } from '../lib/failing-urls';
import { i18n, initI18n } from '../lib/i18n';

initI18n('en');

afterEach(async () => {
  cleanup();
  localStorage.clear();
  clearFailingUrls();
  clearToasts();
  clearKeptAppEvents();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
