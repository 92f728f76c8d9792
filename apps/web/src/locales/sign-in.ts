import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/sign-in.json';
import fr from './fr/sign-in.json';

/**
 * The texts of the sign-in, registration, email and password screens, and the account forms' field
 * names. Imported by every module that uses them, so they load with those screens; what every page
 * may show (the header's account menu, signing out, the server's refusals, field messages) stays
 * in `auth`, at start-up.
 */
export const SIGN_IN_TEXTS = { en, fr };

addLazyNamespace('sign-in', SIGN_IN_TEXTS);
