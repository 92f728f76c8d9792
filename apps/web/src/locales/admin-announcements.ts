import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-announcements.json';
import fr from './fr/admin-announcements.json';

/** The console's announcement texts: loaded with /admin/announcements only. */
export const ADMIN_ANNOUNCEMENTS_TEXTS = { en, fr };

addLazyNamespace('admin-announcements', ADMIN_ANNOUNCEMENTS_TEXTS);
