import { describe, expect, it } from 'vitest';
import { eligiblePrerolls, pickWeighted } from './preroll-choice.js';
import type { PrerollRow } from './prerolls.repository.js';

const base: PrerollRow = {
  id: 1,
  url: '/a.mp4',
  location_id: null,
  event_categories: [],
  for_vod: true,
  for_live: true,
  weight: 1,
  suppression_ms: null,
  duration_seconds: null,
};

describe('eligiblePrerolls', () => {
  const list: PrerollRow[] = [
    { ...base, id: 1 },
    { ...base, id: 2, event_categories: [7] },
    { ...base, id: 3, location_id: 4 },
    { ...base, id: 4, for_live: false },
    { ...base, id: 5, for_vod: false },
  ];
  const ids = (rows: PrerollRow[]) => rows.map((r) => r.id);

  it('matches category, location and live/vod', () => {
    expect(
      ids(eligiblePrerolls(list, { eventCategoryId: 7, locationId: 4, stream: 'vod' })),
    ).toEqual([1, 2, 3, 4]);
    expect(
      ids(eligiblePrerolls(list, { eventCategoryId: 8, locationId: 5, stream: 'live' })),
    ).toEqual([1, 5]);
    expect(
      ids(eligiblePrerolls(list, { eventCategoryId: null, locationId: null, stream: 'vod' })),
    ).toEqual([1, 4]);
  });
});

describe("eligiblePrerolls with the game's own choice", () => {
  const list: PrerollRow[] = [
    { ...base, id: 1 },
    { ...base, id: 2, event_categories: [7], for_live: false },
  ];
  const target = { eventCategoryId: 8, locationId: null, stream: 'live' } as const;
  const ids = (rows: PrerollRow[]) => rows.map((r) => r.id);

  it('none runs no pre-roll at all', () => {
    expect(
      eligiblePrerolls(list, { ...target, choice: { mode: 'none', prerollId: null } }),
    ).toEqual([]);
  });

  it('chosen runs that pre-roll, whatever its targeting says', () => {
    expect(
      ids(eligiblePrerolls(list, { ...target, choice: { mode: 'chosen', prerollId: 2 } })),
    ).toEqual([2]);
  });

  it('a chosen pre-roll that is gone leaves the channel rules', () => {
    expect(
      ids(eligiblePrerolls(list, { ...target, choice: { mode: 'chosen', prerollId: 99 } })),
    ).toEqual([1]);
  });
});

describe('pickWeighted', () => {
  const items = [
    { id: 'a', weight: 3 },
    { id: 'b', weight: 1 },
  ];
  it('maps the random draw onto cumulative weights', () => {
    expect(pickWeighted(items, () => 0)?.id).toBe('a');
    expect(pickWeighted(items, () => 0.74)?.id).toBe('a');
    expect(pickWeighted(items, () => 0.75)?.id).toBe('b');
    expect(pickWeighted(items, () => 0.999)?.id).toBe('b');
  });
  it('returns nothing when there is nothing to pick', () => {
    expect(pickWeighted([], () => 0.5)).toBeUndefined();
    expect(pickWeighted([{ weight: 0 }], () => 0.5)).toBeUndefined();
  });
});
