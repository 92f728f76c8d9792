import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChannelDirectory } from './channel-directory.js';
import type { ChannelDirectoryRepository } from './channel-directory.repository.js';

type Entry = Awaited<ReturnType<ChannelDirectoryRepository['entries']>>[number];
const entry = (id: number, key: string, hosts: string[] = []): Entry => ({
  id,
  key,
  hosts,
  zone: null,
});

/** A repository whose answer the test changes, counting its reads. */
function fakeRepo(initial: Entry[]) {
  let rows = initial;
  let fail = false;
  const entries = vi.fn(() =>
    fail ? Promise.reject(new Error('db away')) : Promise.resolve(rows),
  );
  return {
    repo: { entries } as unknown as ChannelDirectoryRepository,
    entries,
    set: (next: Entry[]) => (rows = next),
    failing: (on: boolean) => (fail = on),
  };
}

afterEach(() => vi.useRealTimers());

describe('the channel directory', () => {
  it('answers from memory without a promise once loaded (the datalake hot path)', async () => {
    const f = fakeRepo([entry(1, 'demo-hockey', ['tv.example'])]);
    const dir = createChannelDirectory(f.repo);
    await expect(dir.byKey('demo-hockey')).resolves.toBe(1); // the first call loads
    expect(dir.byKey('demo-hockey')).toBe(1);
    expect(dir.byUrl('https://TV.example/watch/1')).toBe(1);
    expect(dir.byUrl('not a url')).toBeNull();
    expect(dir.byKey('nope')).toBeNull(); // a miss right after a load does not read again
    expect(f.entries).toHaveBeenCalledTimes(1);
  });

  it('gives a host no channel names to the channel the site serves there, when asked to', async () => {
    const f = fakeRepo([entry(1, 'demo-hockey'), entry(2, 'other', ['other.example'])]);
    const dir = createChannelDirectory(f.repo);
    await expect(dir.byUrl('https://tv.example/', 'demo-hockey')).resolves.toBe(1);
    expect(dir.byUrl('https://other.example/watch/1', 'demo-hockey')).toBe(2);
    expect(dir.byUrl('https://tv.example/')).toBeNull();
    expect(dir.byUrl('not a url', 'demo-hockey')).toBeNull();
    expect(dir.byUrl('https://tv.example/', 'gone')).toBeNull();
  });

  it('keeps answering while a stale directory reloads, and learns new channels on a miss', async () => {
    vi.useFakeTimers({ now: 0 });
    const f = fakeRepo([entry(1, 'a')]);
    const dir = createChannelDirectory(f.repo, 60_000, 5_000);
    await dir.byKey('a');
    f.set([entry(1, 'a'), entry(2, 'b')]);
    vi.setSystemTime(6_000);
    // A miss past missRefreshMs reads once more and finds the channel created since.
    await expect(dir.byKey('b')).resolves.toBe(2);
    expect(f.entries).toHaveBeenCalledTimes(2);

    f.set([entry(1, 'renamed')]);
    vi.setSystemTime(70_000);
    expect(dir.byKey('a')).toBe(1); // stale: the old answer at once, a reload behind it
    await vi.waitFor(() => expect(dir.byKey('renamed')).toBe(1));
    expect(f.entries).toHaveBeenCalledTimes(3);
  });

  it('goes on serving what it knows when a background reload fails', async () => {
    vi.useFakeTimers({ now: 0 });
    const f = fakeRepo([entry(1, 'a')]);
    const dir = createChannelDirectory(f.repo, 60_000, 5_000);
    await dir.byKey('a');
    f.failing(true);
    vi.setSystemTime(70_000);
    expect(dir.byKey('a')).toBe(1); // no unhandled rejection either (the run would fail)
    await Promise.resolve();
    expect(dir.byKey('a')).toBe(1);
    // A miss waits for the reload, and says so when the database is away.
    await expect(dir.byKey('b')).rejects.toThrow('db away');
  });
});
