import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/account.json';
import fr from './fr/account.json';

/**
 * The profile screens' texts (profile, edit, password, deletion). Imported by every module that
 * uses them, so they load with those screens, not at start-up.
 */
export const ACCOUNT_TEXTS = { en, fr };

addLazyNamespace('account', ACCOUNT_TEXTS);
