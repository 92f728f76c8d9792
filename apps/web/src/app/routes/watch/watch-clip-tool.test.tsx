import type { Playback, Profile } from '@rudy/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { makeProfile, withBackground } from '../../../test/auth-fixtures';
import { FUTURE, json } from '../../../test/fetch-mock';
import { makeClipList, makeEvent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const playback: Playback = {
  event_id: 19,
  event_type: 'finished',
  access: 'granted',
  message: null,
  stream_state: 'ready',
  stream: {
    kind: 'vod',
    format: 'hls',
    url: '/media/e/19/tok/master.m3u8',
    is_external: false,
    duration_seconds: 600,
    dvr: { enabled: false, window_seconds: null, start_utc_ts: null },
    expires_at: FUTURE,
  },
  assets: { poster_url: null, thumbnails_vtt_url: null, preview_url: null, preview_alt_url: null },
  preroll: null,
  can_download: false,
  single_event_package_id: null,
};

function watchGame(user: Profile | null) {
  return renderApp('/watch/19', {
    user,
    handler: withBackground((url) => {
      if (url.pathname === '/api/events/19/playback') return json(playback);
      if (url.pathname === '/api/events/19') return json(makeEvent({ type: 'finished' }));
      if (url.pathname === '/api/clips/event/19') return json(makeClipList());
      return json([]);
    }),
  });
}

const player = () => screen.findByRole('region', { name: 'Video player' });

describe('the clip button in the player', () => {
  /** Presses Clip: the panel opens under the player on every device (no hover title needed). */
  async function pressClip() {
    const button = within(await player()).getByRole('button', { name: 'Clip' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    return screen.findByRole('region', { name: 'Clip' });
  }

  it('tells an anonymous visitor to log in, and leads back to the game', async () => {
    watchGame(null);
    const panel = await pressClip();
    expect(within(panel).getByText(/^Log in to cut clips of this game/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?return_to=%2Fwatch%2F19',
    );
  });

  it('tells a viewer whose pass has no clips so, where the button is, and leads to the passes', async () => {
    const { router } = watchGame(
      makeProfile({ capabilities: ['watch', 'download', 'vod_media_access'] }),
    );
    const panel = await pressClip();
    // Not sent away silently: the page stays, and the reason is on it.
    expect(router.state.location.pathname).toBe('/watch/19');
    expect(
      within(panel).getByText(
        'Cutting clips is not part of your access. The passes page shows which plans include it.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe(
      '/packages',
    );
    // Nothing to mark on the seek bar for a tool that cannot cut.
    expect(screen.queryByRole('slider', { name: 'Clip start' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the clip tool' }));
    expect(screen.queryByRole('region', { name: 'Clip' })).toBeNull();
  });

  it('opens the clip tool under the player for a viewer with clipping', async () => {
    watchGame(makeProfile({ capabilities: ['WATCH', 'CLIPPING'] }));
    const button = within(await player()).getByRole('button', { name: 'Clip' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Clip' });
    expect(await within(panel).findByRole('checkbox', { name: 'Hockey' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Cut a clip' })).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the clip tool' }));
    expect(screen.queryByRole('region', { name: 'Clip' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the player shortcuts on the watch page', () => {
  it('work while nothing has the focus, and not while typing in a field', async () => {
    watchGame(makeProfile({ capabilities: ['watch', 'no_ads'] }));
    await player();
    const video = screen.getByTestId<HTMLVideoElement>('main-video');
    const before = video.muted;
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('m');
    expect(video.muted).toBe(!before);

    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await userEvent.keyboard('m');
    expect(video.muted).toBe(!before);
    field.remove();
  });
});
