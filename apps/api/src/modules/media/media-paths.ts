import path from 'node:path';
import { isSafeKey } from '@rudy/media';
import type { Config } from '../../config.js';
import type { MediaScope } from './media-token.js';

/** MEDIA_DIR, or <DATA_DIR>/media; relative paths are taken from the repository root. */
export function mediaDirOf(config: Config): string {
  const dataDir = path.resolve(config.repoRoot, config.DATA_DIR);
  return config.MEDIA_DIR
    ? path.resolve(config.repoRoot, config.MEDIA_DIR)
    : path.join(dataDir, 'media');
}

/*
 * Storage layout of an event, under c<channel>/e<event>/:
 *   vod/master.m3u8, vod/v<n>/index.m3u8, vod/v<n>/seg_<n>.ts   packaged VOD (kind 3)
 *   live/...                                                     live recording (kind 2, later kind 3)
 *   assets/poster.jpg, thumbs.vtt, sprite_<n>.jpg, preview.mp4, preview-alt.mp4   kinds 1, 5, 6, 7
 *   source/game.mp4                                              demo source
 *   download/event.mp4                                           remuxed download
 */
export const eventPrefix = (channelId: number, eventId: number) => `c${channelId}/e${eventId}`;

/** The part of a storage key below the event prefix: what a /media URL names. */
export function relativeToEvent(channelId: number, eventId: number, key: string): string | null {
  const prefix = `${eventPrefix(channelId, eventId)}/`;
  return key.startsWith(prefix) ? key.slice(prefix.length) : null;
}

export const mediaUrl = (eventId: number, token: string, rest: string) =>
  `/media/e/${eventId}/${token}/${rest}`;

/** A clip's files: index.m3u8, seg_<n>.ts, poster.jpg, clip.mp4. */
export const clipPrefix = (channelId: number, clipId: number) => `c${channelId}/clips/${clipId}`;

/**
 * A clip with captions plays from this master playlist, made when asked (media-files.service.ts):
 * its one variant, index.m3u8, and the captions' renditions.
 */
export const CLIP_MASTER = 'master.m3u8';

export const clipUrl = (clipId: number, token: string, rest: string) =>
  `/media/c/${clipId}/${token}/${rest}`;

/*
 * A VOD library item's files, under c<channel>/vod-media/<item>/: vod/ (HLS ladder, as an event's)
 * and assets/ (poster, thumbnails, previews).
 */
export const vodItemPrefix = (channelId: number, itemId: number) =>
  `c${channelId}/vod-media/${itemId}`;

export const vodItemUrl = (itemId: number, token: string, rest: string) =>
  `/media/v/${itemId}/${token}/${rest}`;

/** The name an external live source is reached by: it redirects after the token check. */
export const EXTERNAL_LIVE = 'external.m3u8';

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

export const contentTypeOf = (rest: string): string | undefined =>
  TYPES[rest.slice(rest.lastIndexOf('.') + 1)];

/** The media types media files are sent as, without parameters (for the OpenAPI document). */
export const MEDIA_FILE_TYPES = [...new Set(Object.values(TYPES).map((t) => t.split(';')[0] ?? t))];

/**
 * A subject's captions (captions/caption-playlists.ts): a language's subtitle playlist, made from
 * its row, and the stored WebVTT file it names (named by its content).
 */
export const CAPTION_PATH = /^captions\/(en|fr)(\.m3u8|-[0-9a-f]{12}\.vtt)$/;

/**
 * The rest of a /media path after the token: only plain names the pipeline writes, under a folder
 * the token's scope covers. Anything encoded, dotted or absolute is refused before storage is asked.
 */
export function allowedPath(scope: MediaScope, rest: string): boolean {
  if (!isSafeKey(rest) || contentTypeOf(rest) === undefined) return false;
  const top = rest.split('/')[0];
  switch (scope) {
    case 'a':
      return top === 'assets';
    // Posters and thumbnail sprites: what any visitor is shown of a game before playing it.
    case 's':
      return top === 'assets' && rest.endsWith('.jpg');
    case 'd':
      return top === 'download';
    case 'p':
      return (
        top === 'vod' ||
        top === 'live' ||
        top === 'assets' ||
        rest === EXTERNAL_LIVE ||
        CAPTION_PATH.test(rest)
      );
    // A clip's files sit flat in its own folder (see clipPrefix), its captions in captions/.
    case 'c':
      return (
        /^(index\.m3u8|seg_\d{1,6}\.ts|poster\.jpg)$/.test(rest) ||
        rest === CLIP_MASTER ||
        CAPTION_PATH.test(rest)
      );
    case 'x':
      return rest === 'clip.mp4';
    case 'v':
      return top === 'vod' || top === 'assets' || CAPTION_PATH.test(rest);
  }
}

/** A download's file name from the event's name: plain letters only, so the header needs no quoting. */
export function downloadName(eventName: string, start: Date): string {
  const slug = eventName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/@/g, ' at ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'event'}-${start.toISOString().slice(0, 10)}.mp4`;
}
