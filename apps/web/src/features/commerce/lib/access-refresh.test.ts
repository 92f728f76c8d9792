import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAccessAfterPurchase } from './access-refresh';

describe('after a purchase', () => {
  it('marks access-bearing queries stale, but not the price of what was bought', async () => {
    const client = new QueryClient();
    const keys = {
      events: ['events', 'list', {}],
      access: ['account', 'access'],
      playback: ['playback', 11],
      bootstrap: ['channel', 'bootstrap'],
      packages: ['commerce', 'packages'],
      preview: ['commerce', 'invoice-preview', { package_id: 1 }],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { some: 'data' });
    await refreshAccessAfterPurchase(client);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.events)).toBe(true);
    expect(stale(keys.access)).toBe(true);
    expect(stale(keys.playback)).toBe(true);
    expect(stale(keys.bootstrap)).toBe(true);
    expect(stale(keys.packages)).toBe(true);
    expect(stale(keys.preview)).toBe(false);
  });
});
