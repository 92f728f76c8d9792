import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/library.json';
import fr from './fr/library.json';

/**
 * The VOD library's texts (/vod_library, library items at /watch_library). Imported by the vod
 * feature, so they load with those screens and not with the home route.
 */
export const LIBRARY_TEXTS = { en, fr };

addLazyNamespace('library', LIBRARY_TEXTS);
