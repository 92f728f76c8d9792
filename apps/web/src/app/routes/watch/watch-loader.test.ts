import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { watchEarlyData } from './watch-loader';

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe("a watch page's early data", () => {
  it("asks for the game's playback and details by its id, and nothing for a bad one", () => {
    const query = vi.spyOn(queryClient, 'query').mockReturnValue(new Promise(() => undefined));
    watchEarlyData({ id: 'x1' });
    watchEarlyData({});
    expect(query).not.toHaveBeenCalled();
    watchEarlyData({ id: '42' });
    const keys = query.mock.calls.map(([options]) => options.queryKey);
    expect(keys).toEqual([
      ['playback', 42],
      ['events', 'detail', 42],
    ]);
  });
});
