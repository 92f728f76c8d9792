import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, loadChunk, settleWithin } from './chunk-load';

function deps(timeoutMs = 120_000) {
  const store = new Map<string, string>();
  return {
    reload: vi.fn(),
    timeoutMs,
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('returns the module and clears an earlier reload', async () => {
    const d = deps();
    d.storage.setItem('rudy_chunk_reload', '1');
    await expect(loadChunk(() => Promise.resolve({ a: 1 }), d)).resolves.toEqual({ a: 1 });
    expect(d.storage.getItem('rudy_chunk_reload')).toBeNull();
  });

  it('reloads the page once when a chunk fails (a deploy removed it), then lets the error through', async () => {
    const d = deps();
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const pending = loadChunk(failing, d);
    await vi.waitFor(() => expect(d.reload).toHaveBeenCalledTimes(1));
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    // After the reload the flag is there: the second failure reaches the route's error screen.
    await expect(loadChunk(failing, d)).rejects.toThrow('Failed to fetch');
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('gives up on a chunk after the spec timeout (120 s)', async () => {
    vi.useFakeTimers();
    const d = deps();
    d.storage.setItem('rudy_chunk_reload', '1');
    const never = loadChunk(() => new Promise(() => undefined), d);
    const check = expect(never).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await check;
  });
});

describe('settleWithin', () => {
  it('falls back once the time is up', async () => {
    vi.useFakeTimers();
    const result = settleWithin(new Promise<string>(() => undefined), 60_000, 'late');
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(result).resolves.toBe('late');
    await expect(settleWithin(Promise.resolve('now'), 60_000, 'late')).resolves.toBe('now');
  });
});
