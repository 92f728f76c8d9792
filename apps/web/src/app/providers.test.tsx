import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../lib/api-client';
import { onAppEvent } from '../lib/app-events';
import { createQueryClient } from '../lib/query-client';
import { STORAGE_KEYS, setItem } from '../lib/storage';
import { TEST_CONFIG, json, mockFetch } from '../test/fetch-mock';
import { AppProviders } from './providers';

const THROTTLED = 'Too many requests in a short time. Please wait a moment and try again.';

beforeEach(() => {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
  vi.stubGlobal(
    'fetch',
    mockFetch(() => json({ message: 'Too many requests', code: 'rate_limited' }, 429)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('global errors raised during the first load (spec 8)', () => {
  it('shows a 429 from before the app mounted once it mounts, once', async () => {
    // Start-up's calls run before the app, and its global-error listener, are mounted.
    await expect(apiClient.get('/menu')).rejects.toMatchObject({ status: 429 });
    await expect(apiClient.get('/settings')).rejects.toMatchObject({ status: 429 });

    render(<AppProviders queryClient={createQueryClient()} />);
    expect(await screen.findAllByText(THROTTLED)).toHaveLength(1);

    // Handed over once: a listener added later does not get it again.
    const later = vi.fn();
    const off = onAppEvent('global-error', later);
    off();
    expect(later).not.toHaveBeenCalled();
  });

  it('shows a 429 raised while the app is mounted at once', async () => {
    render(<AppProviders queryClient={createQueryClient()} />);
    await expect(apiClient.get('/menu')).rejects.toMatchObject({ status: 429 });
    expect(await screen.findAllByText(THROTTLED)).toHaveLength(1);
  });
});
