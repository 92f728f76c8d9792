import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/commerce.json';
import fr from './fr/commerce.json';

/**
 * The buying and passes screens' texts (packages, checkout, orders, passes, custom forms).
 * Imported by every module that uses them, so they load with those screens, not at start-up.
 */
export const COMMERCE_TEXTS = { en, fr };

addLazyNamespace('commerce', COMMERCE_TEXTS);
