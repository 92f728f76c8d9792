import type { Playback } from '@rudy/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makeEvent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const preparing = (eventType: Playback['event_type']): Playback => ({
  event_id: 19,
  event_type: eventType,
  access: 'granted',
  message: null,
  stream_state: 'preparing',
  stream: null,
  assets: { poster_url: null, thumbnails_vtt_url: null, preview_url: null, preview_alt_url: null },
  preroll: null,
  can_download: false,
  single_event_package_id: null,
});

function watch(eventType: Playback['event_type']) {
  return renderApp('/watch/19', {
    user: null,
    handler: withBackground((url) => {
      if (url.pathname === '/api/events/19/playback') return json(preparing(eventType));
      if (url.pathname === '/api/events/19') {
        return json(makeEvent({ type: eventType, stream_state: 'preparing' }));
      }
      return json([]);
    }),
  });
}

describe('a game whose video is not ready', () => {
  it('a replay still being packaged says it is coming, with no spinner and no player', async () => {
    watch('finished');
    const message = await screen.findByText('Replay coming soon', {});
    expect(screen.getByText(/It starts here by itself once it is ready/)).toBeTruthy();
    expect(message.closest('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByTestId('main-video')).toBeNull();
    expect(screen.queryByText('Getting the stream ready')).toBeNull();
    expect(screen.queryByText(/technical difficulties/)).toBeNull();
  });

  it('a live game whose encoder is starting says the stream is on its way', async () => {
    watch('live');
    const message = await screen.findByText('Getting the stream ready', {});
    expect(message.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('Replay coming soon')).toBeNull();
  });

  it('speaks French', async () => {
    await loadLocale('fr');
    await i18n.changeLanguage('fr');
    watch('finished');
    expect(await screen.findByText('Rediffusion bientôt disponible', {})).toBeTruthy();
  });
});
