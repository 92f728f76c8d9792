import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The bytes of a game's segments read lately from local disk, kept in this process (issue 29).
 * Every viewer of a live game asks for the same segment within a second or two; without an edge in
 * front (the embedded default) each request was a stat, an open, a read and a close, each a trip
 * through libuv's thread pool: the larger part of Node's CPU per segment. Segments at a game's
 * shared address are immutable (their Cache-Control says so to every cache for a year), so a copy
 * is what any cache in the path would keep.
 *
 * Only plain requests are answered from memory (GET, no Range, no validators): a range or a
 * revalidation goes to @fastify/send as before, which owns ranges, 304s and 412s. The headers kept
 * with the bytes are send's own (ETag, Last-Modified, Content-Length, Accept-Ranges) and the
 * route's, merged once when the copy is kept, so an answer from memory and one from disk say the
 * same. Access is checked before: a copy is never an
 * authorisation.
 */
interface HotFile {
  /**
   * The answer's headers, merged once: send's (ETag, Last-Modified, Content-Length,
   * Accept-Ranges) and the route's (Content-Type, Cache-Control), which for a game's segment
   * follow from its key.
   */
  headers: Record<string, string>;
  body: Buffer;
}

interface HotSegmentsOptions {
  /** Bytes kept at most, all files together (least recently used out first). */
  maxBytes: number;
  /** A file larger than this is never kept (a long segment, a download). */
  maxFileBytes: number;
  /** A copy is dropped this long after it was read: a deleted or rewritten file is seen again. */
  ttlMs: number;
}

/** 64 MB: a minute of a live game's ladder (720p + 360p, ~350 KB a second) for a few games. */
const HOT_SEGMENTS_DEFAULTS: HotSegmentsOptions = {
  maxBytes: 64 * 1024 * 1024,
  maxFileBytes: 4 * 1024 * 1024,
  ttlMs: 60_000,
};

const VALIDATORS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since'];

/** A request the whole file answers with a 200 (no range, no revalidation). */
export function isPlainGet(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const h = request.headers;
  if (h.range !== undefined || h['if-range'] !== undefined) return false;
  return !VALIDATORS.some((name) => h[name] !== undefined);
}

export function createHotSegments(o: HotSegmentsOptions = HOT_SEGMENTS_DEFAULTS) {
  const files = new LRUCache<string, HotFile>({
    maxSize: o.maxBytes,
    maxEntrySize: o.maxFileBytes,
    sizeCalculation: (f) => Math.max(1, f.body.length),
    ttl: o.ttlMs,
  });
  return {
    maxFileBytes: o.maxFileBytes,
    get: (key: string) => files.get(key),
    set(key: string, file: HotFile) {
      files.set(key, file);
    },
  };
}
export type HotSegments = ReturnType<typeof createHotSegments>;
