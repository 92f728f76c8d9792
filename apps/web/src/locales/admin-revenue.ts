import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/admin-revenue.json';
import fr from './fr/admin-revenue.json';

/** The console's revenue texts: loaded with /admin/revenue, never by the viewers' screens. */
export const ADMIN_REVENUE_TEXTS = { en, fr };

addLazyNamespace('admin-revenue', ADMIN_REVENUE_TEXTS);
