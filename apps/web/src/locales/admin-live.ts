import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-live.json';
import fr from './fr/admin-live.json';

/** The console's live stream panel texts: loaded with it, never by the viewers' screens. */
export const ADMIN_LIVE_TEXTS = { en, fr };

addLazyNamespace('admin-live', ADMIN_LIVE_TEXTS);
