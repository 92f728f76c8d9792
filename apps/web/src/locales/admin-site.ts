import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-site.json';
import fr from './fr/admin-site.json';

/** The console's site content texts: loaded with their screens, never by the viewers' start-up bundle. */
export const ADMIN_SITE_TEXTS = { en, fr };

addLazyNamespace('admin-site', ADMIN_SITE_TEXTS);
