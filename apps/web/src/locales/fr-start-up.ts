import type { StartUpTexts } from '../lib/i18n-resources';
import auth from './fr/auth.json';
import channel from './fr/channel.json';
import common from './fr/common.json';
import errors from './fr/errors.json';
import events from './fr/events.json';
import favorites from './fr/favorites.json';
import home from './fr/home.json';
import layout from './fr/layout.json';
import watch from './fr/watch.json';

/** The French start-up texts: a chunk of their own, loaded only when French is in use. */
export const fr: StartUpTexts = {
  auth,
  channel,
  common,
  errors,
  events,
  favorites,
  home,
  layout,
  watch,
};
