import type { CaptionLanguage } from '@rudy/contracts';

/** The group name the master playlist's renditions share. */
const GROUP = 'subs';
const NAMES: Record<CaptionLanguage, string> = { en: 'English', fr: 'Français' };

/** A subject's captions as the playlists list them (the caption table's rows). */
export interface CaptionRendition {
  lang: CaptionLanguage;
  storage_key: string;
  duration_seconds: number;
}

/** The stored file's name inside captions/ (its key ends with it). */
export const captionFileName = (lang: CaptionLanguage, digest: string) => `${lang}-${digest}.vtt`;

/** The path of a language's subtitle playlist inside the subject's folder. */
export const captionPlaylistPath = (lang: CaptionLanguage) => `captions/${lang}.m3u8`;

/**
 * The master playlist with the subject's captions as subtitle renditions (RFC 8216 §4.3.4.1):
 * one EXT-X-MEDIA TYPE=SUBTITLES per language and SUBTITLES="subs" on each variant, so native
 * HLS (Safari, iOS, cast receivers) and hls.js list them alike. None is DEFAULT; each may be
 * AUTOSELECTed, so a client following the viewer's system settings (Safari's "Closed Captions +
 * SDH", the system language) may turn one on by itself. `toSubject` is the path from the
 * master's folder back to the subject's ('../' for vod/master.m3u8). No caption: unchanged.
 */
export function withSubtitles(
  master: string,
  captions: readonly CaptionRendition[],
  toSubject: string,
): string {
  if (captions.length === 0 || master.includes('TYPE=SUBTITLES')) return master;
  const media = captions.map(
    (c) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP}",NAME="${NAMES[c.lang]}",LANGUAGE="${c.lang}",DEFAULT=NO,AUTOSELECT=YES,URI="${toSubject}${captionPlaylistPath(c.lang)}"`,
  );
  const lines = master.split(/\r?\n/);
  const out: string[] = [];
  let placed = false;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      // The renditions come before the first variant that names their group.
      if (!placed) out.push(...media);
      placed = true;
      out.push(`${line},SUBTITLES="${GROUP}"`);
    } else out.push(line);
  }
  return placed ? out.join('\n') : master;
}

/**
 * A language's subtitle playlist: the whole file as one WebVTT segment (a VOD's captions are
 * small, and one segment is what every HLS client supports). Its length is the last cue's end.
 */
export function subtitlePlaylist(caption: CaptionRendition): string {
  const duration = Math.max(1, caption.duration_seconds);
  const file = caption.storage_key.slice(caption.storage_key.lastIndexOf('/') + 1);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    file,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}
