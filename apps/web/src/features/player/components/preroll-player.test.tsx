import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREROLL_END_MARGIN_S, PREROLL_UNKNOWN_LENGTH_S, type Preroll } from '@rudy/contracts';
import { reportPrerollShown } from '../api/report-preroll-shown';
import { PREROLL_STALL_S } from '../lib/preroll-watchdog';
import { PrerollPlayer } from './preroll-player';

vi.mock('../api/report-preroll-shown', () => ({
  reportPrerollShown: vi.fn(() => Promise.resolve({ suppressed_until: '2026-01-01T00:00:00Z' })),
}));

const PREROLL: Preroll = {
  id: 7,
  url: '/media/prerolls/preroll-1.mp4',
  skippable_after_seconds: 5,
  duration_seconds: 15,
  suppression_ms: 3_600_000,
};

/** jsdom has no media pipeline: play() is refused unless muted, time is set by the test. */
function fakeMedia() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return this.muted
      ? Promise.resolve()
      : Promise.reject(new DOMException('autoplay refused', 'NotAllowedError'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  return { play };
}

function advance(video: HTMLVideoElement, seconds: number, duration = 15) {
  Object.defineProperty(video, 'currentTime', { value: seconds, configurable: true });
  Object.defineProperty(video, 'duration', { value: duration, configurable: true });
  fireEvent(video, new Event('timeupdate'));
}

beforeEach(() => vi.mocked(reportPrerollShown).mockClear());
afterEach(() => vi.restoreAllMocks());

describe('PrerollPlayer', () => {
  it('starts muted when sound is refused, allows Skip after 5 s, reports once', async () => {
    const { play } = fakeMedia();
    const onDone = vi.fn();
    render(<PrerollPlayer preroll={PREROLL} eventId={3} onDone={onDone} />);
    const video = screen.getByTestId<HTMLVideoElement>('preroll-video');
    await act(() => Promise.resolve());
    expect(play).toHaveBeenCalledTimes(2);
    expect(video.muted).toBe(true);

    act(() => advance(video, 2));
    expect(screen.getByText('Ad · 13 s')).toBeTruthy();
    // Screen readers hear "Ad" once; the countdown is in no live region (it changes every second).
    expect(screen.getByRole('status').textContent).toBe('Ad');
    expect(screen.getByText('Ad · 13 s').closest('[role=status], [aria-live]')).toBeNull();
    const skip = screen.getByRole<HTMLButtonElement>('button', { name: 'Skip in 3 s' });
    expect(skip.disabled).toBe(true);

    act(() => advance(video, 5.1));
    fireEvent.click(screen.getByRole('button', { name: 'Skip ad' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(reportPrerollShown).toHaveBeenCalledExactlyOnceWith(7, 3);
    fireEvent(video, new Event('ended'));
    expect(reportPrerollShown).toHaveBeenCalledTimes(1);
  });

  it('offers no Skip on an ad that would end about when Skip came', async () => {
    fakeMedia();
    // A length the server does not know is the element's.
    const unknownLength = { ...PREROLL, duration_seconds: null };
    render(<PrerollPlayer preroll={unknownLength} eventId={3} onDone={vi.fn()} />);
    const video = screen.getByTestId<HTMLVideoElement>('preroll-video');
    await act(() => Promise.resolve());
    act(() => advance(video, 2, 6));
    expect(screen.getByText('Ad · 4 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Skip/ })).toBeNull();
  });

  it('fetches nothing and starts no ad before the page has loaded', async () => {
    const { play } = fakeMedia();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    render(<PrerollPlayer preroll={PREROLL} eventId={3} onDone={vi.fn()} />);
    const video = screen.getByTestId<HTMLVideoElement>('preroll-video');
    await act(() => Promise.resolve());
    expect(video.preload).toBe('none');
    expect(play).not.toHaveBeenCalled();
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
    expect(play).toHaveBeenCalled();
  });

  it('goes on muted when the browser pauses the ad by itself (WebKit, on finding its sound)', async () => {
    // Sound allowed at first (WebKit did not know the ad had any: preload="none").
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    render(<PrerollPlayer preroll={PREROLL} eventId={3} onDone={vi.fn()} />);
    const video = screen.getByTestId<HTMLVideoElement>('preroll-video');
    await act(() => Promise.resolve());
    expect(play).toHaveBeenCalledTimes(1);
    expect(video.muted).toBe(false);
    await act(async () => {
      fireEvent(video, new Event('pause'));
      await Promise.resolve();
    });
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
  });

  it('goes on to the game unreported when the ad cannot load', async () => {
    fakeMedia();
    const onDone = vi.fn();
    render(<PrerollPlayer preroll={PREROLL} eventId={3} onDone={onDone} />);
    await act(() => Promise.resolve());
    fireEvent(screen.getByTestId('preroll-video'), new Event('error'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(reportPrerollShown).not.toHaveBeenCalled();
  });

  describe('in a browser that misreports the ad (WebKit, issue 31)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    /**
     * The jsdom video as WebKit showed it: its duration follows its play position and `ended`
     * never fires. `play(seconds)` moves the position on with the wall clock, second by second.
     */
    async function misreportingAd(preroll = PREROLL) {
      fakeMedia();
      const onDone = vi.fn();
      render(<PrerollPlayer preroll={preroll} eventId={3} onDone={onDone} />);
      const video = screen.getByTestId<HTMLVideoElement>('preroll-video');
      let position = 0;
      Object.defineProperty(video, 'currentTime', { get: () => position, configurable: true });
      Object.defineProperty(video, 'duration', { get: () => position, configurable: true });
      await act(() => Promise.resolve());
      fireEvent(video, new Event('playing'));
      const play = (seconds: number, moving = true) => {
        for (let i = 0; i < seconds; i += 1) {
          act(() => {
            if (moving) position += 1;
            fireEvent(video, new Event('timeupdate'));
            vi.advanceTimersByTime(1_000);
          });
        }
      };
      return { onDone, play };
    }

    it("counts down and offers Skip from the server's length, not the element's", async () => {
      const { play } = await misreportingAd();
      play(3);
      expect(screen.getByText('Ad · 12 s')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Skip in 2 s' })).toBeTruthy();
      play(2);
      expect(screen.getByRole('button', { name: 'Skip ad' })).toBeTruthy();
    });

    it('starts the game after the length plus a margin when `ended` never comes', async () => {
      const { onDone, play } = await misreportingAd();
      play(15 + PREROLL_END_MARGIN_S - 1);
      expect(onDone).not.toHaveBeenCalled();
      play(1);
      expect(onDone).toHaveBeenCalledTimes(1);
      expect(reportPrerollShown).toHaveBeenCalledExactlyOnceWith(7, 3);
    });

    it('starts the game once the ad has not moved for a while', async () => {
      const { onDone, play } = await misreportingAd();
      play(3);
      play(PREROLL_STALL_S - 1, false);
      expect(onDone).not.toHaveBeenCalled();
      play(1, false);
      expect(onDone).toHaveBeenCalledTimes(1);
      // Stopped before it could be skipped: not seen, so not suppressed.
      expect(reportPrerollShown).not.toHaveBeenCalled();
    });

    it('bounds an ad of unknown length too', async () => {
      const { onDone, play } = await misreportingAd({ ...PREROLL, duration_seconds: null });
      play(PREROLL_UNKNOWN_LENGTH_S + PREROLL_END_MARGIN_S);
      expect(onDone).toHaveBeenCalledTimes(1);
    });
  });
});
