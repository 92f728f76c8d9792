import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-commerce.json';
import fr from './fr/admin-commerce.json';

/** The console's commerce texts: loaded with /admin/commerce, never by the viewers' screens. */
export const ADMIN_COMMERCE_TEXTS = { en, fr };

addLazyNamespace('admin-commerce', ADMIN_COMMERCE_TEXTS);
