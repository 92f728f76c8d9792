import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-media.json';
import fr from './fr/admin-media.json';

/** The console's media screen texts: loaded with it, never by the viewers' screens. */
export const ADMIN_MEDIA_TEXTS = { en, fr };

addLazyNamespace('admin-media', ADMIN_MEDIA_TEXTS);
