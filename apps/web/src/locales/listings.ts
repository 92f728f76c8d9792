import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/listings.json';
import fr from './fr/listings.json';

/**
 * The listing screens' texts (live, upcoming, replays, schedule, favourites): titles, tabs,
 * filters, the calendar, paging. Imported by every module that uses them, so they load with those
 * screens; the cards' and rails' texts, which the home and watch pages show, stay in `events`.
 */
export const LISTINGS_TEXTS = { en, fr };

addLazyNamespace('listings', LISTINGS_TEXTS);
