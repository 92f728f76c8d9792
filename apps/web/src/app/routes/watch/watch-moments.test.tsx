import type { MomentList, Playback } from '@rudy/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeekTicks } from '../../../features/player/components/seek-ticks';
import { queryClient } from '../../../lib/query-client';
import { makeProfile, withBackground } from '../../../test/auth-fixtures';
import { FUTURE, json } from '../../../test/fetch-mock';
import { makeClipList, makeEvent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/* Issue 35: a game's key moments on its watch page — the list, its jumps and clips, the ticks. */

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const moments: MomentList = {
  moments: [
    { id: 1, at_seconds: 95, kind: 'detected', label: null, confidence: 0.8 },
    { id: 2, at_seconds: 300, kind: 'marked', label: 'Goal', confidence: 1 },
  ],
};

function playback(kind: 'vod' | 'live'): Playback {
  return {
    event_id: 19,
    event_type: kind === 'vod' ? 'finished' : 'live',
    access: 'granted',
    message: null,
    stream_state: 'ready',
    stream: {
      kind,
      format: 'hls',
      url: '/media/e/19/tok/master.m3u8',
      is_external: false,
      duration_seconds: kind === 'vod' ? 600 : null,
      dvr: { enabled: false, window_seconds: null, start_utc_ts: null },
      expires_at: FUTURE,
    },
    assets: {
      poster_url: null,
      thumbnails_vtt_url: null,
      preview_url: null,
      preview_alt_url: null,
    },
    preroll: null,
    can_download: false,
    single_event_package_id: null,
  };
}

function watchGame(kind: 'vod' | 'live') {
  return renderApp('/watch/19', {
    user: makeProfile({ capabilities: ['WATCH', 'CLIPPING'] }),
    handler: withBackground((url) => {
      if (url.pathname === '/api/events/19/playback') return json(playback(kind));
      if (url.pathname === '/api/events/19/moments') return json(moments);
      if (url.pathname === '/api/events/19') return json(makeEvent({ type: 'finished' }));
      if (url.pathname === '/api/clips/event/19') return json(makeClipList());
      return json([]);
    }),
  });
}

const list = async () =>
  within((await screen.findByRole('heading', { name: 'Key moments' })).parentElement!);

describe('key moments on the watch page', () => {
  it('jumps the replay to a moment, and opens the clip tool around it', async () => {
    watchGame('vod');
    const moments = await list();
    const video = await screen.findByTestId<HTMLVideoElement>('main-video');
    await userEvent.click(moments.getByRole('button', { name: 'Go to 1:35: Crowd roar' }));
    expect(video.currentTime).toBe(95);

    await userEvent.click(moments.getByRole('button', { name: 'Make a clip of 5:00: Goal' }));
    const panel = await screen.findByRole('region', { name: 'Clip' });
    // Eight seconds of build-up, twenty in all.
    expect(
      await within(panel).findByRole('button', { name: 'Go to the clip start (4:52)' }),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Go to the clip end (5:12)' })).toBeTruthy();
  });

  it('lists a live game’s moments without jumps while the player cannot place them on its clock', async () => {
    // jsdom plays natively (no MSE): like Safari, the player cannot tell its offset from the
    // recording, so no moment has a place (use-key-moments.test.tsx: ones that do).
    watchGame('live');
    const moments = await list();
    expect(moments.getByText('Goal')).toBeTruthy();
    expect(moments.queryByRole('button')).toBeNull();
  });
});

describe('key moments of a live game', () => {
  it('shows a moment found during the game at the next refetch, within 10 s', async () => {
    let live: MomentList = moments;
    renderApp('/watch/19', {
      user: makeProfile({ capabilities: ['WATCH', 'CLIPPING'] }),
      handler: withBackground((url) => {
        if (url.pathname === '/api/events/19/playback') return json(playback('live'));
        if (url.pathname === '/api/events/19/moments') return json(live);
        if (url.pathname === '/api/events/19') return json(makeEvent({ type: 'live' }));
        if (url.pathname === '/api/clips/event/19') return json(makeClipList());
        return json([]);
      }),
    });
    const shown = await list();
    expect(shown.queryByText('Save')).toBeNull();
    // The detector (or the operator) adds one while the page is open: no reload, no click.
    const save = { id: 3, at_seconds: 420, kind: 'marked' as const, label: 'Save', confidence: 1 };
    live = { moments: [...moments.moments, save] };
    expect(await shown.findByText('Save', {}, { timeout: 10_000 })).toBeTruthy();
  }, 15_000);
});

describe('seek bar ticks', () => {
  it('places a tick at each moment within the bar, none outside it', () => {
    render(
      <SeekTicks
        start={0}
        end={200}
        onSeek={() => undefined}
        marks={[
          { seconds: 50, label: 'Goal' },
          { seconds: 150, label: 'Crowd roar' },
          { seconds: 250, label: 'Later' },
        ]}
      />,
    );
    const ticks = [...screen.getByTestId('seek-ticks').children] as HTMLElement[];
    expect(ticks.map((t) => [t.style.left, t.title])).toEqual([
      ['25%', 'Goal'],
      ['75%', 'Crowd roar'],
    ]);
  });

  it('goes to a moment exactly when its tick is clicked', async () => {
    const onSeek = vi.fn();
    // A live DVR bar: the player's clock from 40 to 640.
    render(
      <SeekTicks start={40} end={640} onSeek={onSeek} marks={[{ seconds: 290, label: 'Goal' }]} />,
    );
    await userEvent.click(screen.getByTitle('Goal'));
    expect(onSeek).toHaveBeenCalledWith(290);
  });
});
