import type { SharedClip } from '@rudy/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { apiError, callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { makeClip, makeClipList } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const UUID = '0b6f0d9e-2a51-4c59-9b1b-7d3c2c1f4a10';
const clip = makeClip();
const shared: SharedClip = {
  id: clip.id,
  event_id: clip.event_id,
  name: clip.name,
  duration: clip.duration,
  tags: clip.tags,
  created_at: clip.created_at,
  event: clip.event,
  stream_url: clip.stream_url,
  poster_url: clip.poster_url,
  share_path: clip.share_path,
};

const video = () => document.querySelector<HTMLVideoElement>('[data-testid=main-video]');

describe('shared clip page', () => {
  it('plays a shared clip for an anonymous visitor, in the channel’s colours and name', async () => {
    const { fetch } = renderApp(`/share/5/${UUID}`, {
      user: null,
      handler: withBackground((url) =>
        url.pathname === `/api/shared-clip/${UUID}` ? json(shared) : json([]),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overtime winner' })).toBeTruthy();
    expect(video()?.getAttribute('poster')).toBe('/media/c/5/tok/poster.jpg');
    expect(screen.getByRole('region', { name: 'Video player' })).toBeTruthy();
    expect(screen.getByText('A clip from Northern Junior Hockey League')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch the full game' }).getAttribute('href')).toBe(
      '/watch/19',
    );
    expect(screen.getByRole('link', { name: 'Rapids @ Knights' }).getAttribute('href')).toBe(
      '/watch/19',
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    // The anonymous key is enough: no sign-in asked.
    expect(callsTo(fetch, `/api/shared-clip/${UUID}`)[0]?.url.searchParams.get('api_key')).toBe(
      'test-key',
    );
    expect(screen.queryByText('Log in again')).toBeNull();
  });

  it('says the clip is not available for an unknown or unfinished clip (404)', async () => {
    renderApp(`/share/5/${UUID}`, {
      handler: withBackground(() => apiError('not_found', 404)),
    });
    expect(await screen.findByText('This clip is not available', {})).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(video()).toBeNull();
  });

  it('treats a link whose id is not the clip’s as broken', async () => {
    renderApp(`/share/99/${UUID}`, {
      handler: withBackground((url) =>
        url.pathname === `/api/shared-clip/${UUID}` ? json(shared) : json([]),
      ),
    });
    expect(await screen.findByText('This clip is not available', {})).toBeTruthy();
  });
});

describe('watch library page', () => {
  it("plays the viewer's own clip with its actions", async () => {
    renderApp('/watch_library/5', {
      user: makeProfile({ capabilities: ['clipping', 'download_clip'] }),
      handler: withBackground((url) =>
        url.pathname === '/api/clips/user' ? json(makeClipList([clip])) : json([]),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overtime winner' })).toBeTruthy();
    expect(video()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('says so for a clip that is not the viewer’s', async () => {
    renderApp('/watch_library/8', {
      user: makeProfile(),
      handler: withBackground((url) =>
        url.pathname === '/api/clips/user' ? json(makeClipList([clip])) : json([]),
      ),
    });
    expect(await screen.findByText('This clip does not exist or was deleted.', {})).toBeTruthy();
    expect(video()).toBeNull();
  });

  it('sends an anonymous visitor to log in first', async () => {
    const { router } = renderApp('/watch_library/5', { handler: withBackground(() => json([])) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?return_to=%2Fwatch_library%2F5');
  });
});
