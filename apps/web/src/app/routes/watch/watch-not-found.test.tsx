import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a game that does not exist', () => {
  it('is the not-found page, with no player and no "try again"', async () => {
    renderApp('/watch/99999', {
      user: null,
      handler: withBackground((url) =>
        url.pathname.startsWith('/api/events/99999')
          ? json({ message: 'Event not found', code: 'event_not_found' }, 404)
          : json([]),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'game not found' })).toBeTruthy();
    expect(screen.getByText('Sorry! - Game Not Found', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Video player' })).toBeNull();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(screen.queryByText(/technical difficulties/)).toBeNull();
  });
});
