import { describe, expect, it, vi } from 'vitest';
import { createViewChannels } from './view-channels.js';

describe('the channel of each video view', () => {
  it('keeps the first channel a view was filed under; another is refused', () => {
    const views = createViewChannels(() => Promise.resolve(null));
    expect(views.claim('v1', 1)).toBe(true);
    expect(views.claim('v1', 1)).toBe(true);
    expect(views.claim('v1', 2)).toBe(false);
    expect(views.known('v1')).toBe(1);
  });

  it('asks the database once for a view it has not seen, then answers from memory', async () => {
    const lookup = vi.fn((view: string) => Promise.resolve(view === 'seen' ? 7 : null));
    const views = createViewChannels(lookup);
    await expect(views.find('seen')).resolves.toBe(7);
    expect(views.find('seen')).toBe(7);
    expect(views.claim('seen', 8)).toBe(false);
    await expect(views.find('new')).resolves.toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('holds a bounded number of views', () => {
    const views = createViewChannels(() => Promise.resolve(null), { max: 3 });
    for (const v of ['a', 'b', 'c', 'd']) views.claim(v, 1);
    expect(views.known('a')).toBeUndefined();
    expect(views.known('d')).toBe(1);
  });

  it('drops the least used view when full, not the first filed', () => {
    const views = createViewChannels(() => Promise.resolve(null), { max: 2 });
    views.claim('a', 1);
    views.claim('b', 1);
    // A heartbeat of view a: it is in use.
    expect(views.known('a')).toBe(1);
    views.claim('c', 1);
    expect(views.known('a')).toBe(1);
    expect(views.known('b')).toBeUndefined();
  });
});
