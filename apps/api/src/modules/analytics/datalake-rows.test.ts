import { describe, expect, it } from 'vitest';
import { safeOriginUrl, safeOriginUrlCached, safeUrlsCached } from './datalake-rows.js';

describe('origin_url as stored', () => {
  it('masks credentials the same way from the cache as without it', () => {
    const url = 'https://tv.example/reset?token=abc123&x=1#frag';
    expect(safeOriginUrlCached(url)).toBe(safeOriginUrl(url));
    expect(safeOriginUrlCached(url)).toBe(safeOriginUrl(url));
    expect(safeOriginUrlCached(null)).toBeNull();
  });

  it('keeps a bounded number of addresses however many distinct ones arrive', () => {
    for (let i = 0; i < 10_000; i++) safeOriginUrlCached(`https://tv.example/watch/${i}`);
    expect(safeUrlsCached()).toBeGreaterThan(0);
    expect(safeUrlsCached()).toBeLessThanOrEqual(2_000);
  });
});
