import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * What a /media answer tells caches. At a game's shared address (/media/g/) the bytes are the same
 * for every viewer, so shared caches (the edge, a CDN) may keep them: `public`. Under a viewer's
 * token (/media/e, /c, /v) they stay `private`: the address is that viewer's alone.
 */

/**
 * A live segment's name is never given to other bytes (an encoder that restarts or takes over
 * numbers on; a DVR prune deletes). A replay packaged again rewrites its VOD segments under the
 * same names (docs/decisions.md: the edge's cache is purged then).
 */
export const SEGMENT_CACHE = 'public, max-age=31536000, immutable';
/**
 * A finished recording's playlists, posters and thumbnails: they change only when the replay is
 * packaged again, seen within this long.
 */
export const FIXED_SHARED_CACHE = 'public, max-age=60';
/**
 * The same under a viewer's token: the player asks for the first playlists while hls.js's code is
 * still loading, and hls.js then finds them cached (web: stream-prefetch.ts).
 */
export const FIXED_PRIVATE_CACHE = 'private, max-age=60';

const SEGMENT = /\.(ts|m4s)$/;
/** Anything of a live recording: its playlists change while it is recorded, even once finished. */
const LIVE_RECORDING = /^c\d+\/e\d+\/live\//;

/**
 * A live playlist changes once a segment: an edge keeps it about half a segment (whole seconds,
 * at least 1: what HTTP can say), so a player reading once a segment is at most that much late.
 * A browser asks again each time (max-age=0) and gets a 304 while it is unchanged.
 */
export function livePlaylistCache(playlist: string): string {
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1] ?? 1);
  return `public, max-age=0, s-maxage=${Math.max(1, Math.floor(target / 2))}`;
}

/** Cache-Control for a stored playlist at `key`, served as `text`. */
export function playlistCache(key: string, text: string, isShared: boolean): string {
  if (LIVE_RECORDING.test(key)) return isShared ? livePlaylistCache(text) : 'private, no-cache';
  return isShared ? FIXED_SHARED_CACHE : FIXED_PRIVATE_CACHE;
}

/** Cache-Control for a stored file other than a playlist (segments, images, downloads). */
export function fileCache(key: string, isShared: boolean): string {
  if (!isShared) return 'private, max-age=86400';
  return SEGMENT.test(key) ? SEGMENT_CACHE : FIXED_SHARED_CACHE;
}

/**
 * Sends a playlist made or cut here with an ETag of its bytes: 304 when the request already holds
 * them (If-None-Match), so a cache revalidating an unchanged playlist gets no body.
 */
export function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  headers: Record<string, string>,
) {
  const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
  const { 'content-type': contentType = '', ...rest } = headers;
  reply.headers({ ...rest, etag });
  const held = request.headers['if-none-match'];
  if (
    held &&
    held.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')
  ) {
    return reply.status(304).send();
  }
  return reply.header('content-type', contentType).send(text);
}
