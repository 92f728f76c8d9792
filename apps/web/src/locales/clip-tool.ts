import { addLazyNamespace } from '../lib/i18n-lazy';
import en from './en/clip-tool.json';
import fr from './fr/clip-tool.json';

/**
 * The clip button's texts (its label and hints, the panel's loading line, the seek bar's handles):
 * every game's watch page shows the button, so these load with it, while the rest of the clip
 * texts (`clips`) wait for the clip tool itself.
 */
export const CLIP_TOOL_TEXTS = { en, fr };

addLazyNamespace('clip-tool', CLIP_TOOL_TEXTS);
