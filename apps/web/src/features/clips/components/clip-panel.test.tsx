import type { Clip, ClipTimeline } from '@rudy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerTimeline, PlayerToolApi, SeekRange } from '../../../components/player-tool';
import { Toaster } from '../../../components/ui/toaster';
import { apiClient } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { STORAGE_KEYS, setItem } from '../../../lib/storage';
import { apiError, callsTo } from '../../../test/auth-fixtures';
import { TEST_CONFIG, json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { makeClip, makeClipList } from '../../../test/fixtures';
import type { CreationTiming } from '../hooks/use-clip-creation';
import { ClipPanel } from './clip-panel';

const VOD: PlayerTimeline = { start: 0, end: 600, currentTime: 50, isLive: false };
const FAST: CreationTiming = { pollMs: 20, timeoutMs: 5_000 };

/** The player's side of the tool: the range lives here, as it does in the video player. */
function Player({
  timeline,
  initial,
  timing,
  anchor,
  onClose,
}: {
  timeline: PlayerTimeline;
  initial: SeekRange | null;
  timing: CreationTiming;
  anchor: ((at: number) => ClipTimeline | null) | undefined;
  onClose: () => void;
}) {
  const [range, setRange] = useState(initial);
  const player: PlayerToolApi = {
    timeline,
    range,
    setRange,
    seekTo: () => undefined,
    timelineAnchor: anchor ?? (() => null),
    pause: () => undefined,
    close: onClose,
  };
  return <ClipPanel eventId={19} player={player} timing={timing} />;
}

function renderPanel(
  handler: Handler,
  {
    timeline = VOD,
    initial = null,
    timing = FAST,
    anchor,
  }: {
    timeline?: PlayerTimeline;
    initial?: SeekRange | null;
    timing?: CreationTiming;
    anchor?: (at: number) => ClipTimeline | null;
  } = {},
) {
  const fetch = mockFetch(handler);
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Player
          timeline={timeline}
          initial={initial}
          timing={timing}
          anchor={anchor}
          onClose={onClose}
        />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetch, onClose };
}

/** A server that queues the clip, then answers `statuses` one poll after another. */
function cuttingServer(statuses: Clip['status'][]): Handler {
  let polls = 0;
  let created: Clip | null = null;
  return (url, init) => {
    if (url.pathname === '/api/clip' && init.method === 'POST') {
      created = makeClip({ status: 'processing', stream_url: null, poster_url: null });
      return json(created);
    }
    if (url.pathname === '/api/clips/event/19') {
      if (!created) return json(makeClipList());
      const status = statuses[Math.min(polls++, statuses.length - 1)] ?? 'processing';
      return json(
        makeClipList([makeClip({ status, ...(status !== 'success' && { stream_url: null }) })]),
      );
    }
    return json({ message: 'unexpected', code: 'route_not_found' }, 404);
  };
}

async function fillAndSend(name = 'Overtime winner') {
  if (name) await userEvent.type(await screen.findByLabelText('Name'), name);
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Hockey' }));
  await userEvent.click(screen.getByRole('button', { name: 'Create clip' }));
}

beforeEach(() => {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
});
afterEach(() => vi.unstubAllGlobals());

describe('the clip tool', () => {
  it('starts on the moment just played, with the channel tags', async () => {
    renderPanel(cuttingServer([]));
    expect(await screen.findByRole('checkbox', { name: 'Hockey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the clip start (0:30)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the clip end (0:50)' })).toBeTruthy();
    expect(screen.getByText('0:20')).toBeTruthy();
  });

  it('says everything missing at once: name, tag, and an end not after the start', async () => {
    const { fetch } = renderPanel(cuttingServer([]), { initial: { start: 80, end: 80 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Create clip' }));
    expect(await screen.findByText('Please fill in the input field.')).toBeTruthy();
    expect(screen.getByText('Please select tag')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your clip duration is longer than the end time',
    );
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetch, '/api/clip')).toEqual([]);
  });

  it('refuses an end set before the start at the playhead', async () => {
    const live: PlayerTimeline = { start: 0, end: 120, currentTime: 40, isLive: true };
    const { fetch } = renderPanel(cuttingServer([]), {
      timeline: live,
      initial: { start: 60, end: 90 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'End here' }));
    await fillAndSend();
    expect(await screen.findByText('Your clip duration is longer than the end time')).toBeTruthy();
    expect(callsTo(fetch, '/api/clip')).toEqual([]);
  });

  it('refuses an end past what is recorded (live: the DVR window so far)', async () => {
    const live: PlayerTimeline = { start: 0, end: 120, currentTime: 110, isLive: true };
    const { fetch } = renderPanel(cuttingServer([]), {
      timeline: live,
      initial: { start: 100, end: 125 },
    });
    await fillAndSend();
    expect(await screen.findByText('Your clip duration is longer than the end time')).toBeTruthy();
    expect(callsTo(fetch, '/api/clip')).toEqual([]);
  });

  it('cuts the clip: processing while polled, then ready to play and share', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    // jsdom has no Clipboard API; a page on localhost does.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { fetch } = renderPanel(cuttingServer(['processing', 'processing', 'success']));
    await fillAndSend();
    expect(await screen.findByText('Cutting your clip…')).toBeTruthy();
    expect(await screen.findByText('Your clip is ready', {})).toBeTruthy();
    expect(callsTo(fetch, '/api/clip')[0]?.body).toMatchObject({
      event_id: 19,
      name: 'Overtime winner',
      start_time: 30,
      duration: 20,
      tags: ['Hockey'],
      api_key: 'test-key',
    });
    // A player whose clock is the recording's (here: no anchor) sends none.
    expect(callsTo(fetch, '/api/clip')[0]?.body).not.toHaveProperty('timeline');
    // The list was asked once for the tags, then every poll until the clip was ready.
    expect(callsTo(fetch, '/api/clips/event/19').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('link', { name: 'Play' }).getAttribute('href')).toBe(
      '/watch_library/5',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/share/5/0b6f0d9e-2a51-4c59-9b1b-7d3c2c1f4a10`,
    );
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it("sends a live player's clock with the range: the server counts from the recording's start", async () => {
    // The player joined when the window began at segment 70; it has slid 20 s since.
    const live: PlayerTimeline = { start: 20, end: 50, currentTime: 45, isLive: true };
    const anchor = vi.fn((at: number) => ({
      media_sequence: 70 + Math.floor(at),
      start: Math.floor(at),
    }));
    const { fetch } = renderPanel(cuttingServer(['processing']), {
      timeline: live,
      initial: { start: 22.5, end: 27.5 },
      anchor,
    });
    await fillAndSend();
    expect(await screen.findByText('Cutting your clip…')).toBeTruthy();
    expect(anchor).toHaveBeenCalledWith(22.5);
    expect(callsTo(fetch, '/api/clip')[0]?.body).toMatchObject({
      start_time: 22.5,
      duration: 5,
      timeline: { media_sequence: 92, start: 22 },
    });
  });

  it("keeps the stretch it was opened with (a live key moment's), not the moment just played", async () => {
    // The watch page opened it on a goal at 290 on the player's clock (8 s before, 20 s in all);
    // the viewer is at the live edge, where the tool alone would start.
    const live: PlayerTimeline = { start: 80, end: 400, currentTime: 398, isLive: true };
    const anchor = vi.fn((at: number) => ({
      media_sequence: 100 + Math.floor((at - 80) / 2),
      start: 80 + 2 * Math.floor((at - 80) / 2),
    }));
    const { fetch } = renderPanel(cuttingServer(['processing']), {
      timeline: live,
      initial: { start: 282, end: 302 },
      anchor,
    });
    // Shown from the DVR window's start, as the seek bar shows it.
    expect(await screen.findByRole('button', { name: 'Go to the clip start (3:22)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the clip end (3:42)' })).toBeTruthy();
    await fillAndSend();
    expect(await screen.findByText('Cutting your clip…')).toBeTruthy();
    expect(callsTo(fetch, '/api/clip')[0]?.body).toMatchObject({
      start_time: 282,
      duration: 20,
      timeline: { media_sequence: 201, start: 282 },
    });
  });

  it("says 'clip creating failed' when the cut fails, and keeps the form for another try", async () => {
    renderPanel(cuttingServer(['processing', 'error']));
    await fillAndSend();
    expect(await screen.findByText('clip creating failed', {})).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Overtime winner');
  });

  it("says 'clip creating failed' when the cut takes longer than a cut may", async () => {
    renderPanel(cuttingServer(['processing']), { timing: { pollMs: 20, timeoutMs: 150 } });
    await fillAndSend();
    expect(await screen.findByText('Cutting your clip…')).toBeTruthy();
    expect(await screen.findByText('clip creating failed', {})).toBeTruthy();
  });

  it('translates refusals by their code, at the field they are about', async () => {
    let answer = apiError('clip_beyond_end');
    const server = cuttingServer([]);
    renderPanel((url, init) => (url.pathname === '/api/clip' ? answer : server(url, init)));
    await fillAndSend();
    expect(await screen.findByText('Your clip duration is longer than the end time')).toBeTruthy();

    answer = apiError('clip_limit_reached', 403);
    await userEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    expect(await screen.findByText('You have used all your clips.')).toBeTruthy();

    answer = apiError('clip_too_long');
    await userEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    expect(await screen.findByText('A clip lasts at most 60 seconds')).toBeTruthy();

    answer = json({ message: 'boom', code: 'internal_error' }, 500);
    await userEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    expect(await screen.findByText('clip creating failed')).toBeTruthy();
  });

  it('offers the passes when the server says the viewer cannot cut clips', async () => {
    renderPanel(() => json(makeClipList([], { can_clip: false })));
    expect(
      await screen.findByText(
        'Cutting clips is not part of your access. The passes page shows which plans include it.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/packages');
    expect(screen.queryByRole('button', { name: 'Create clip' })).toBeNull();
  });

  it('speaks French, texts loaded with the tool', async () => {
    await i18n.changeLanguage('fr');
    renderPanel(() => json(makeClipList([makeClip()], { clips_used: 1, clips_limit: 10 })));
    expect(await screen.findByText('1 extrait utilisé sur 10')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Créer l'extrait" }));
    expect(await screen.findByText('Veuillez remplir le champ.')).toBeTruthy();
    expect(screen.getByText('Veuillez choisir une étiquette')).toBeTruthy();
  });

  it('closes from its own button', async () => {
    const { onClose } = renderPanel(cuttingServer([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Close the clip tool' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
