import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ThumbnailCue } from '../lib/thumbnails';
import { SeekBar } from './seek-bar';

const cue = (start: number, x: number): ThumbnailCue => ({
  start,
  end: start + 2,
  url: '/media/e/1/tok/assets/sprite_000.jpg',
  x,
  y: 0,
  w: 160,
  h: 90,
});

function hoverAt(clientX: number) {
  const bar = screen.getByRole('slider').parentElement as HTMLElement;
  bar.getBoundingClientRect = () => ({ left: 0, width: 200 }) as DOMRect;
  fireEvent.pointerMove(bar, { clientX });
  return bar;
}

describe('seek bar', () => {
  it('previews the picture and time under the pointer, and seeks on change', () => {
    const onSeek = vi.fn();
    render(
      <SeekBar
        start={0}
        end={8}
        value={1}
        onSeek={onSeek}
        thumbnails={[cue(0, 0), cue(2, 160), cue(4, 320), cue(6, 480)]}
      />,
    );
    const bar = hoverAt(125); // 62.5 % of 8 s = 5 s
    const preview = screen.getByTestId('seek-preview');
    expect(preview.textContent).toBe('0:05');
    const picture = preview.firstElementChild as HTMLElement;
    expect(picture.style.backgroundPosition).toBe('-320px 0px');
    expect(picture.style.backgroundImage).toContain('sprite_000.jpg');
    fireEvent.pointerLeave(bar);
    expect(screen.queryByTestId('seek-preview')).toBeNull();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '6' } });
    expect(onSeek).toHaveBeenCalledWith(6);
  });

  it('shows only the time without a thumbnails track', () => {
    render(<SeekBar start={10} end={40} value={12} onSeek={() => undefined} thumbnails={[]} />);
    hoverAt(100);
    const preview = screen.getByTestId('seek-preview');
    expect(preview.textContent).toBe('0:15');
    expect(preview.children).toHaveLength(1);
  });
});
