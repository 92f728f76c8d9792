import type { Clip } from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const ready = makeClip();
const cutting = makeClip({
  id: 6,
  name: 'First period save',
  status: 'processing',
  stream_url: null,
  poster_url: null,
  can_download: false,
  share_uuid: '5d1e9a8c-1111-4c59-9b1b-7d3c2c1f4a10',
  share_path: '/share/6/5d1e9a8c-1111-4c59-9b1b-7d3c2c1f4a10',
});

/** /profile/clips against a server holding `start`; DELETE removes, downloads answer `download`. */
function clipsPage(start: Clip[], download: () => Response = () => apiError('not_found', 404)) {
  let clips = start;
  return renderApp('/profile/clips', {
    user: makeProfile({ capabilities: ['clipping', 'download_clip'] }),
    handler: withBackground((url, init) => {
      if (url.pathname === '/api/clips/user') return json(makeClipList(clips, { clips_limit: 10 }));
      if (url.pathname === '/api/clip/download/5') return download();
      if (url.pathname.startsWith('/api/clip/') && init.method === 'DELETE') {
        clips = clips.filter((c) => `/api/clip/${c.id}` !== url.pathname);
        return json({ message: 'Clip deleted.' });
      }
      return json([]);
    }),
  });
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('profile clips', () => {
  it('lists the clips with their state; a clip being cut can only be deleted', async () => {
    clipsPage([cutting, ready]);
    expect(await screen.findByRole('heading', { name: 'Overtime winner' })).toBeTruthy();
    expect(screen.getByText('2 of 10 clips used')).toBeTruthy();
    const done = within(card('Overtime winner'));
    expect(done.getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/watch_library/5');
    expect(done.getByText('Rapids @ Knights · Mar 1, 2026')).toBeTruthy();
    expect(done.getByText('0:20')).toBeTruthy();
    const busy = within(card('First period save'));
    expect(busy.getByText('Cutting…')).toBeTruthy();
    expect(busy.queryByRole('link', { name: 'Play' })).toBeNull();
    expect(busy.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(busy.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('copies the share link as a full address', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    // jsdom has no Clipboard API; a page on localhost does.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    clipsPage([ready]);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/share/5/0b6f0d9e-2a51-4c59-9b1b-7d3c2c1f4a10`,
    );
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('downloads through the signed link, and says when downloads are not part of the access', async () => {
    const assign = vi.fn();
    const { href, origin, protocol, host, hostname, port, pathname, search, hash } =
      window.location;
    vi.stubGlobal('location', {
      ...{ href, origin, protocol, host, hostname, port, pathname, search, hash },
      assign,
    });
    let refuse = false;
    const { fetch } = clipsPage([ready], () =>
      refuse
        ? apiError('download_not_allowed', 403)
        : json({
            url: '/media/c/5/x/clip.mp4?filename=overtime-winner.mp4',
            filename: 'overtime-winner.mp4',
            size_bytes: 1000,
            expires_at: '2030-01-01T00:00:00.000Z',
          }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/media/c/5/x/clip.mp4?filename=overtime-winner.mp4'),
    );
    expect(callsTo(fetch, '/api/clip/download/5')[0]?.url.searchParams.get('api_key')).toBe(
      'test-key',
    );
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloading clips is not part of your access.')).toBeTruthy();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('deletes a clip only once confirmed', async () => {
    const { fetch } = clipsPage([ready, cutting]);
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Overtime winner' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete “Overtime winner”?' });
    expect(dialog.textContent).toContain('share link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetch, '/api/clip/5')).toEqual([]);

    await userEvent.click(within(card('Overtime winner')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Clip deleted')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Overtime winner' })).toBeNull(),
    );
    expect(callsTo(fetch, '/api/clip/5').map((c) => c.method)).toEqual(['DELETE']);
    expect(screen.getByRole('listitem', { name: 'First period save' })).toBeTruthy();
  });

  it('shows the empty state without clips', async () => {
    clipsPage([]);
    expect(await screen.findByText('No clips yet', {})).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a game' }).getAttribute('href')).toBe('/vod');
  });
});
