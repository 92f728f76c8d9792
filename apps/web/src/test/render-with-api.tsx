import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { apiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { STORAGE_KEYS, setItem } from '../lib/storage';
import { TEST_CONFIG, mockFetch, type Handler } from './fetch-mock';

/**
 * A screen rendered with a fresh query client, its client signed in (a stored key) and talking to
 * `handler` through a stubbed fetch, which is returned. The test file unstubs globals after each.
 */
export function renderWithApi(ui: ReactElement, handler: Handler) {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
  const fetch = mockFetch(handler);
  vi.stubGlobal('fetch', fetch);
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
  return fetch;
}
