import { CHUNK_LOAD_TIMEOUT_MS } from '@rudy/contracts';

/** Session flag: set when a failed chunk made us reload, so a second failure shows the error. */
const RELOAD_FLAG = 'rudy_chunk_reload';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`A code chunk did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

interface ChunkDeps {
  reload: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  timeoutMs: number;
}

const browserDeps = (): ChunkDeps => ({
  reload: () => window.location.reload(),
  storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
});

/**
 * Loads a lazy module with the spec's chunk-load timeout (120 s). A chunk that fails to load is
 * most often one a deploy removed (the page still names the old hashes): the page reloads once to
 * get the new ones. If it fails again after that reload, the error reaches the route's error
 * screen instead of looping.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  deps: ChunkDeps = browserDeps(),
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), deps.timeoutMs);
  });
  try {
    const module = await Promise.race([importer(), timeout]);
    deps.storage?.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    if (deps.storage && !deps.storage.getItem(RELOAD_FLAG)) {
      deps.storage.setItem(RELOAD_FLAG, '1');
      deps.reload();
      // The page is going away; nothing should render the failure meanwhile.
      return await new Promise<T>(() => undefined);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the promise's value, or with `fallback` once `ms` have passed. */
export function settleWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
