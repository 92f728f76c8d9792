import { PLAYBACK_TEXTS, USER_TEXTS } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n-resources';

// The spec's texts live in the contracts; the English translations must say exactly the same.
describe('player texts in English are the spec texts', () => {
  it.each([
    [en.watch.player.error, USER_TEXTS.playerError],
    [en.watch.access.geoBlocked, USER_TEXTS.geoBlocked],
    [en.watch.access.registerToWatch, PLAYBACK_TEXTS.registerToWatch],
    [en.watch.access.loginToWatch, PLAYBACK_TEXTS.loginToWatch],
  ])('%s', (text, spec) => {
    expect(text).toBe(spec);
  });
});
