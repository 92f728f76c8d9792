import type { Playback } from '@rudy/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { PLAYBACK_FRESH_MS, playbackQueryOptions } from './get-playback';

const playback = { stream_state: 'ready', stream: null } as unknown as Playback;

describe('playbackQueryOptions', () => {
  it("lets the player use the loader's answer instead of asking again when it mounts", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = createQueryClient();
      const queryFn = vi.fn(() => Promise.resolve(playback));
      const options = { ...playbackQueryOptions(7), queryFn };
      await client.query(options); // the watch page's loader
      vi.advanceTimersByTime(1_500); // the screen's code and first render
      const mounted = new QueryObserver(client, options).subscribe(() => undefined);
      expect(queryFn).toHaveBeenCalledTimes(1);
      mounted();
      // A later visit reads it afresh.
      vi.advanceTimersByTime(PLAYBACK_FRESH_MS);
      await client.query(options);
      expect(queryFn).toHaveBeenCalledTimes(2);
      client.clear();
    } finally {
      vi.useRealTimers();
    }
  });
});
