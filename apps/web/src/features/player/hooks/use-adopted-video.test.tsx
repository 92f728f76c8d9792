import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EarlyVideo } from '../lib/early-player';
import { useAdoptedVideo } from './use-adopted-video';

function Player({ early, className }: { early: EarlyVideo; className: string }) {
  const placeEarly = useAdoptedVideo(early, { className, poster: '/poster.jpg' });
  return (
    <div data-testid="frame">
      <span ref={placeEarly} />
    </div>
  );
}

describe('useAdoptedVideo', () => {
  it("moves the splash's video into the player and dresses it as the player's own", () => {
    const splash = document.createElement('div');
    document.body.append(splash);
    const video = document.createElement('video');
    splash.append(video);
    const early: EarlyVideo = { url: '/m.m3u8', video, autoplay: Promise.resolve('playing') };

    const view = render(<Player early={early} className="video hidden" />);
    const frame = view.getByTestId('frame');
    expect(frame.contains(video)).toBe(true);
    expect(splash.contains(video)).toBe(false);
    expect(video.className).toBe('video hidden');
    expect(video.getAttribute('poster')).toBe('/poster.jpg');

    // The player's class follows its state (the ad over), and a click plays, as on its own <video>.
    view.rerender(<Player early={early} className="video" />);
    expect(video.className).toBe('video');
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    video.click();
    expect(play).toHaveBeenCalled();

    view.unmount();
    expect(video.isConnected).toBe(false);
  });
});
