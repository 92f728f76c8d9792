import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin.json';
import fr from './fr/admin.json';

/** The console's texts: loaded with /admin, never by the viewers' screens. */
export const ADMIN_TEXTS = { en, fr };

addLazyNamespace('admin', ADMIN_TEXTS);
