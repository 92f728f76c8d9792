import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed body saves less than its headers and the CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1_024;

/** @fastify/compress's own test of a compressible type (its default, which a custom one replaces). */
const LIBRARY_DEFAULT_TYPES =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;
/**
 * HLS playlists are text, but mime-db does not call them compressible. A live game's playlist
 * lists every 1 s segment since kick-off (hours of game are hundreds of kilobytes) and each viewer
 * fetches it again every second: gzip makes it about a tenth.
 */
const HLS_PLAYLIST_TYPE = /^application\/(?:vnd\.apple\.mpegurl|x-mpegurl)(?:;|$)/iu;
export const isCompressibleType = (type: string) =>
  HLS_PLAYLIST_TYPE.test(type) || LIBRARY_DEFAULT_TYPES.test(type);

/**
 * Brotli or gzip for what the server writes per request: JSON, the app shell's HTML, playlists,
 * thumbnail tracks. Brotli at quality 4: level 11 is for files compressed once at build time
 * (apps/web's precompress step, served as .br/.gz by web-static), far too slow per request.
 * Video segments, images and MP4s are compressed already and are left alone (mime-db says so).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: isCompressibleType,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
