import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-people.json';
import fr from './fr/admin-people.json';

/** The console's people texts (and the invitation page's): loaded with their screens, never by the viewers' start-up bundle. */
export const ADMIN_PEOPLE_TEXTS = { en, fr };

addLazyNamespace('admin-people', ADMIN_PEOPLE_TEXTS);
