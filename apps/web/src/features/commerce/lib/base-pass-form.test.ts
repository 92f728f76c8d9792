import { describe, expect, it } from 'vitest';
import { isBasePassAllowed } from './base-pass-form';

describe('routes open before the base-pass choice', () => {
  it.each(['/select-package/3', '/login', '/profile/edit', '/faq', '/404', '/verify-email'])(
    'lets a user who has not chosen open %s',
    (path) => expect(isBasePassAllowed(path)).toBe(true),
  );

  it.each(['/', '/live', '/watch/12', '/profile', '/buy', '/faqs', '/select-packages'])(
    'sends a user who has not chosen away from %s',
    (path) => expect(isBasePassAllowed(path)).toBe(false),
  );
});
