import type { MomentList, Playback } from '@rudy/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeekTicks } from '../../../features/player/components/seek-ticks';
import type { fakeHls } from '../../../features/player/lib/fake-hls.test-support';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { FUTURE, json } from '../../../test/fetch-mock';
import { makeClip, makeClipList, makeEvent } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/* Issue 35: a game's key moments on its watch page — the list, its jumps and clips, the ticks. */

// hls.js stands in where a test gives the page Media Source Extensions (a browser's live player,
// which can tell its clock); elsewhere the page plays natively, as jsdom has no MSE.
const hls = vi.hoisted(() => ({ fake: null as ReturnType<typeof fakeHls> | null }));
vi.mock('hls.js', async () => {
  const { fakeHls } = await import('../../../features/player/lib/fake-hls.test-support');
  hls.fake = fakeHls();
  Object.assign(hls.fake.Hls, { isSupported: () => 'MediaSource' in globalThis });
  return { default: hls.fake.Hls };
});

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

function playback(kind: 'vod' | 'live', windowStart?: { recording_seconds: number }): Playback {
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
      dvr: {
        enabled: windowStart !== undefined,
        window_seconds: windowStart ? 600 : null,
        start_utc_ts: null,
        ...(windowStart && { window_start: { media_sequence: 100, ...windowStart } }),
      },
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

describe('clips of a live game’s moments', () => {
  /**
   * A live game in a browser with MSE: the DVR window the answer names begins at recording second
   * 90, segment 100; the player joined earlier, so that segment starts at 80 on its clock (its
   * clock is the recording's minus 10). Two-second segments up to 400 have been loaded.
   */
  async function liveWithClock(live: MomentList) {
    // Only its presence is read (hasMediaSource); the fake hls.js plays nothing.
    vi.stubGlobal('MediaSource', {});
    const view = renderApp('/watch/19', {
      user: makeProfile({ capabilities: ['WATCH', 'CLIPPING'] }),
      handler: withBackground((url, init) => {
        if (url.pathname === '/api/events/19/playback') {
          return json(playback('live', { recording_seconds: 90 }));
        }
        if (url.pathname === '/api/events/19/moments') return json(live);
        if (url.pathname === '/api/events/19') return json(makeEvent({ type: 'live' }));
        if (url.pathname === '/api/clips/event/19') return json(makeClipList());
        if (url.pathname === '/api/clip' && init.method === 'POST') {
          return json(makeClip({ status: 'processing', stream_url: null, poster_url: null }));
        }
        return json([]);
      }),
    });
    const video = await screen.findByTestId<HTMLVideoElement>('main-video');
    const player = await waitFor(() => {
      const made = hls.fake?.instances.at(-1);
      if (!made) throw new Error('no hls.js yet');
      return made;
    });
    player.latestLevelDetails = {
      live: true,
      fragments: Array.from({ length: 160 }, (_, i) => ({
        sn: 100 + i,
        start: 80 + 2 * i,
        duration: 2,
      })),
    };
    Object.defineProperty(video, 'seekable', {
      configurable: true,
      value: { length: 1, start: () => 80, end: () => 400 },
    });
    // The next media event lets the player read its window and tell the page its clock.
    act(() => void fireEvent(video, new Event('progress')));
    return view;
  }

  const send = async (panel: HTMLElement) => {
    await userEvent.type(within(panel).getByLabelText('Name'), 'Winner');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Hockey' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Create clip' }));
    expect(await within(panel).findByText('Cutting your clip…')).toBeTruthy();
  };

  it('opens the clip tool around a moment within the window, on the player’s clock, and sends it anchored', async () => {
    const { fetch } = await liveWithClock({
      moments: [
        { id: 1, at_seconds: 50, kind: 'marked', label: 'Save', confidence: 1 },
        { id: 2, at_seconds: 300, kind: 'marked', label: 'Goal', confidence: 1 },
      ],
    });
    const shown = await list();
    const clip = await shown.findByRole('button', { name: 'Make a clip of 5:00: Goal' });
    // The save is before the window: no clip of it live (the hint sends the viewer to the replay).
    expect(shown.queryByRole('button', { name: 'Make a clip of 0:50: Save' })).toBeNull();
    expect(
      shown.getByText('Found as the game goes; the replay lets you jump to and clip every one.'),
    ).toBeTruthy();

    await userEvent.click(clip);
    const panel = await screen.findByRole('region', { name: 'Clip' });
    // The goal is at 290 on the player's clock: 282 to 302, shown from the window's start (80).
    expect(
      await within(panel).findByRole('button', { name: 'Go to the clip start (3:22)' }),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Go to the clip end (3:42)' })).toBeTruthy();
    await send(panel);
    // The live clip request as the tool sends it: the player's seconds, named by the segment the
    // start falls in, for the server to turn into the recording's (282 + 10 = 292 = 300 - 8).
    expect(callsTo(fetch, '/api/clip')[0]?.body).toMatchObject({
      event_id: 19,
      start_time: 282,
      duration: 20,
      timeline: { media_sequence: 201, start: 282 },
    });
  });

  it('keeps a clip of a moment just past within what is recorded so far', async () => {
    const { fetch } = await liveWithClock({
      moments: [{ id: 3, at_seconds: 405, kind: 'marked', label: 'Goal', confidence: 1 }],
    });
    const shown = await list();
    await userEvent.click(await shown.findByRole('button', { name: 'Make a clip of 6:45: Goal' }));
    const panel = await screen.findByRole('region', { name: 'Clip' });
    // At 395 on the player's clock, recorded up to 400: twenty seconds ending there, 380 to 400.
    expect(
      await within(panel).findByRole('button', { name: 'Go to the clip end (5:20)' }),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Go to the clip start (5:00)' })).toBeTruthy();
    await send(panel);
    expect(callsTo(fetch, '/api/clip')[0]?.body).toMatchObject({
      start_time: 380,
      duration: 20,
      timeline: { media_sequence: 250, start: 380 },
    });
  });
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
