import { describe, expect, it } from 'vitest';
import { RefreshingCache } from './refreshing-cache.js';

function setup(ttl = 1_000, max = 10) {
  let clock = 0;
  const cache = new RefreshingCache<string, number>(ttl, max, () => clock);
  let loads = 0;
  const load = (value: number) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return {
    cache,
    load,
    loads: () => loads,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('RefreshingCache', () => {
  it('serves a fresh value without loading again', async () => {
    const s = setup();
    expect(await s.cache.get('a', s.load(1))).toBe(1);
    s.tick(999);
    expect(await s.cache.get('a', s.load(2))).toBe(1);
    expect(s.loads()).toBe(1);
  });

  it('serves a stale value while one background load replaces it', async () => {
    const s = setup();
    await s.cache.get('a', s.load(1));
    s.tick(1_500);
    const served = await Promise.all([s.cache.get('a', s.load(2)), s.cache.get('a', s.load(3))]);
    expect(served).toEqual([1, 1]);
    expect(await s.cache.get('a', s.load(4))).toBe(2);
    expect(s.loads()).toBe(2);
  });

  it('loads afresh once a value is older than twice the ttl', async () => {
    const s = setup();
    await s.cache.get('a', s.load(1));
    s.tick(2_000);
    expect(await s.cache.get('a', s.load(2))).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const s = setup();
    const [a, b, c] = await Promise.all([
      s.cache.get('k', s.load(7)),
      s.cache.get('k', s.load(8)),
      s.cache.get('k', s.load(9)),
    ]);
    expect([a, b, c]).toEqual([7, 7, 7]);
    expect(s.loads()).toBe(1);
  });

  it('does not keep a failed load, and evicts the oldest entry past the bound', async () => {
    const s = setup(1_000, 2);
    await expect(s.cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await s.cache.get('x', s.load(1))).toBe(1);
    await s.cache.get('y', s.load(2));
    await s.cache.get('z', s.load(3));
    expect(await s.cache.get('x', s.load(4))).toBe(4);
  });

  it('forgets deleted entries, and a load that began before the delete is not kept', async () => {
    const s = setup();
    await s.cache.get('a:1', s.load(1));
    await s.cache.get('b:1', s.load(2));
    s.cache.deleteWhere((key) => key.startsWith('a:'));
    expect(await s.cache.get('a:1', s.load(3))).toBe(3);
    expect(await s.cache.get('b:1', s.load(4))).toBe(2);

    let release: (v: number) => void = () => undefined;
    const slow = s.cache.get('a:2', () => new Promise<number>((r) => (release = r)));
    s.cache.deleteWhere((key) => key.startsWith('a:'));
    release(5);
    expect(await slow).toBe(5);
    expect(await s.cache.get('a:2', s.load(6))).toBe(6);
  });

  it('keeps serving the stale value when its refresh fails, until it is too old', async () => {
    const s = setup();
    await s.cache.get('a', s.load(1));
    s.tick(1_200);
    const failing = () => Promise.reject(new Error('db down'));
    expect(await s.cache.get('a', failing)).toBe(1);
    expect(await s.cache.get('a', failing)).toBe(1);
    s.tick(800);
    await expect(s.cache.get('a', failing)).rejects.toThrow('db down');
  });

  it('forgets a refresh running over a stale value, which is then not kept', async () => {
    const s = setup();
    await s.cache.get('a:1', s.load(1));
    s.tick(1_500);
    let release: (v: number) => void = () => undefined;
    expect(await s.cache.get('a:1', () => new Promise<number>((r) => (release = r)))).toBe(1);
    s.cache.deleteWhere((key) => key.startsWith('a:'));
    release(2);
    expect(await s.cache.get('a:1', s.load(3))).toBe(3);
  });
});
