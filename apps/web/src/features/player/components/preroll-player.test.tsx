import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportPrerollShown } from '../api/report-preroll-shown';
import { PrerollPlayer } from './preroll-player';

vi.mock('../api/report-preroll-shown', () => ({
  reportPrerollShown: vi.fn(() => Promise.resolve({ suppressed_until: '2026-01-01T00:00:00Z' })),
}));

const PREROLL = {
  id: 7,
  url: '/media/prerolls/preroll-1.mp4',
  skippable_after_seconds: 5,
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
    render(<PrerollPlayer preroll={PREROLL} eventId={3} onDone={vi.fn()} />);
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

  it('goes on to the game unreported when the ad cannot load', async () => {
    fakeMedia();
    const onDone = vi.fn();
    render(<PrerollPlayer preroll={PREROLL} eventId={3} onDone={onDone} />);
    await act(() => Promise.resolve());
    fireEvent(screen.getByTestId('preroll-video'), new Event('error'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(reportPrerollShown).not.toHaveBeenCalled();
  });
});
