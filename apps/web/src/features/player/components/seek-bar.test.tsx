import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SeekRange } from '../../../components/player-tool';
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
  const bar = screen.getByRole('slider', { name: 'Position in the video' })
    .parentElement as HTMLElement;
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

  it('shows a tool’s stretch with two handles the keyboard moves, previewing the picture', () => {
    const changes: SeekRange[] = [];
    function Bar() {
      const [range, setRange] = useState<SeekRange>({ start: 2, end: 6 });
      return (
        <SeekBar
          start={0}
          end={8}
          value={1}
          onSeek={() => undefined}
          thumbnails={[cue(0, 0), cue(2, 160), cue(4, 320), cue(6, 480)]}
          range={{
            value: range,
            labels: { start: 'Clip start', end: 'Clip end' },
            onChange: (next) => {
              changes.push(next);
              setRange(next);
            },
          }}
        />
      );
    }
    render(<Bar />);
    const start = screen.getByRole('slider', { name: 'Clip start' });
    const end = screen.getByRole('slider', { name: 'Clip end' });
    expect(start.getAttribute('aria-valuetext')).toBe('0:02');
    expect(end.style.left).toBe('75%');

    fireEvent.focus(start);
    // The picture at the handle shows while it is focused or moved.
    expect(screen.getByTestId('seek-preview').textContent).toBe('0:02');
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(changes.at(-1)).toEqual({ start: 3, end: 6 });
    expect(screen.getByTestId('seek-preview').textContent).toBe('0:03');
    // A handle stops a second before the other one, and at the ends of the bar.
    fireEvent.keyDown(start, { key: 'PageUp' });
    expect(changes.at(-1)).toEqual({ start: 5, end: 6 });
    fireEvent.keyDown(end, { key: 'End' });
    expect(changes.at(-1)).toEqual({ start: 5, end: 8 });
    fireEvent.keyDown(start, { key: 'Home' });
    expect(changes.at(-1)).toEqual({ start: 0, end: 8 });
    fireEvent.blur(start);
    expect(screen.queryByTestId('seek-preview')).toBeNull();
  });

  it('drags a handle with the pointer', () => {
    const onChange = vi.fn();
    render(
      <SeekBar
        start={0}
        end={10}
        value={0}
        onSeek={() => undefined}
        thumbnails={[]}
        range={{ value: { start: 2, end: 6 }, labels: { start: 'In', end: 'Out' }, onChange }}
      />,
    );
    const bar = screen.getByRole('slider', { name: 'Position in the video' })
      .parentElement as HTMLElement;
    bar.getBoundingClientRect = () => ({ left: 0, width: 200 }) as DOMRect;
    const handle = screen.getByRole('slider', { name: 'Out' });
    handle.setPointerCapture = () => undefined;
    handle.hasPointerCapture = () => true;
    fireEvent.pointerDown(handle, { pointerId: 1, clientX: 120 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 170 });
    expect(onChange).toHaveBeenLastCalledWith({ start: 2, end: 8.5 });
  });
});
