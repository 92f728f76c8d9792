import { describe, expect, it } from 'vitest';
import { CUE_LINE, liftCues } from './caption-choice';

describe('liftCues', () => {
  it('puts cues the file does not place above the control bar, and leaves placed ones', () => {
    const free = { line: 'auto' as number | 'auto' };
    const placed = { line: 2 as number | 'auto' };
    liftCues([free, placed] as unknown as TextTrackCueList);
    expect(free.line).toBe(CUE_LINE);
    expect(placed.line).toBe(2);
    liftCues(null);
  });
});
