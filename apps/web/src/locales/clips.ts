import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/clips.json';
import fr from './fr/clips.json';

/**
 * The clip screens' texts (the clip tool, profile clips, clip pages). Imported by the clips feature,
 * so they load with those screens and not with the home route.
 */
export const CLIPS_TEXTS = { en, fr };

addLazyNamespace('clips', CLIPS_TEXTS);
