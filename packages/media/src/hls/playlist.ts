export interface MediaSegment {
  uri: string;
  durationSeconds: number;
  programDateTime: string | null;
  /** Preceded by #EXT-X-DISCONTINUITY: the timestamps start over (a restarted live encoder). */
  discontinuity: boolean;
}

export interface MediaPlaylist {
  targetDuration: number | null;
  mediaSequence: number;
  playlistType: 'VOD' | 'EVENT' | null;
  endList: boolean;
  segments: MediaSegment[];
  totalSeconds: number;
}

export interface Variant {
  uri: string;
  bandwidth: number;
  resolution: { width: number; height: number } | null;
  codecs: string | null;
}

/**
 * A playlist being rewritten by a live encoder can be read mid-write; a last line without its
 * newline may be a cut-off segment name, so it is dropped.
 */
export function completeLines(text: string): string[] {
  const lines = text.split('\n').map((l) => l.trim());
  if (!text.endsWith('\n') && lines.at(-1) !== '#EXT-X-ENDLIST') lines.pop();
  return lines;
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = completeLines(text);
  if (lines[0] !== '#EXTM3U') throw new Error('not an HLS playlist');
  const out: MediaPlaylist = {
    targetDuration: null,
    mediaSequence: 0,
    playlistType: null,
    endList: false,
    segments: [],
    totalSeconds: 0,
  };
  let duration: number | null = null;
  let pdt: string | null = null;
  let discontinuity = false;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) out.targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) out.mediaSequence = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-PLAYLIST-TYPE:')) {
      const type = line.slice(21);
      out.playlistType = type === 'VOD' || type === 'EVENT' ? type : null;
    } else if (line === '#EXT-X-ENDLIST') out.endList = true;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice(25);
    else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if (line && !line.startsWith('#') && duration !== null) {
      out.segments.push({
        uri: line,
        durationSeconds: duration,
        programDateTime: pdt,
        discontinuity,
      });
      out.totalSeconds += duration;
      duration = null;
      pdt = null;
      discontinuity = false;
    }
  }
  return out;
}

function attributes(list: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    if (m[1] && m[2] !== undefined) attrs[m[1]] = m[2].replace(/^"|"$/g, '');
  }
  return attrs;
}

export function parseMasterPlaylist(text: string): Variant[] {
  const lines = text.split('\n').map((l) => l.trim());
  const variants: Variant[] = [];
  let pending: Record<string, string> | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) pending = attributes(line.slice(18));
    else if (pending && line && !line.startsWith('#')) {
      const res = /^(\d+)x(\d+)$/.exec(pending.RESOLUTION ?? '');
      variants.push({
        uri: line,
        bandwidth: Number(pending.BANDWIDTH ?? 0),
        resolution: res ? { width: Number(res[1]), height: Number(res[2]) } : null,
        codecs: pending.CODECS ?? null,
      });
      pending = null;
    }
  }
  return variants;
}

/**
 * Turns a live EVENT recording into a VOD playlist: playlist type VOD and #EXT-X-ENDLIST. Works
 * whether the encoder stopped cleanly (ENDLIST already there) or died (no ENDLIST, maybe a
 * half-written last line).
 */
export function finalizeRecording(text: string): string {
  const lines = completeLines(text).filter((l) => l !== '' && l !== '#EXT-X-ENDLIST');
  const typed = lines.map((l) =>
    l.startsWith('#EXT-X-PLAYLIST-TYPE:') ? '#EXT-X-PLAYLIST-TYPE:VOD' : l,
  );
  if (!typed.some((l) => l.startsWith('#EXT-X-PLAYLIST-TYPE:'))) {
    typed.splice(1, 0, '#EXT-X-PLAYLIST-TYPE:VOD');
  }
  // A dangling tag (an #EXTINF whose segment name was cut off) would describe no segment.
  while (typed.length > 0 && (typed.at(-1) ?? '').startsWith('#EXTINF')) typed.pop();
  while (typed.length > 0 && (typed.at(-1) ?? '').startsWith('#EXT-X-PROGRAM-DATE-TIME'))
    typed.pop();
  return `${typed.join('\n')}\n#EXT-X-ENDLIST\n`;
}

export interface VodEntry {
  uri: string;
  durationSeconds: number;
  /** The encoder's parameters (or the timeline) change here: players reset their decoder. */
  discontinuity?: boolean;
}

/** A finished (VOD) media playlist; the target duration covers the longest segment. */
export function vodPlaylist(entries: readonly VodEntry[]): string {
  const longest = Math.max(1, ...entries.map((e) => e.durationSeconds));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest - 0.0005)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const e of entries) {
    if (e.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${e.durationSeconds.toFixed(6)},`, e.uri);
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** A media playlist cut into its header, its segments (each with the tags before it) and a tail. */
interface PlaylistParts {
  header: string[];
  segments: { lines: string[]; uri: string; seconds: number; discontinuity: boolean }[];
  /** What follows the last segment: #EXT-X-ENDLIST, or a tag whose segment is not written yet. */
  tail: string[];
}

/** Tags that belong to the segment after them, not to the playlist. */
const SEGMENT_TAG = /^#EXT(INF|-X-PROGRAM-DATE-TIME|-X-DISCONTINUITY$|-X-BYTERANGE|-X-GAP)/;

function splitPlaylist(lines: readonly string[]): PlaylistParts {
  const parts: PlaylistParts = { header: [], segments: [], tail: [] };
  let pending: string[] = [];
  let seconds = 0;
  let discontinuity = false;
  let inHeader = true;
  for (const line of lines) {
    if (line === '') continue;
    if (inHeader && !SEGMENT_TAG.test(line) && line.startsWith('#')) {
      parts.header.push(line);
      continue;
    }
    inHeader = false;
    if (line.startsWith('#')) {
      if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice(8)) || 0;
      if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
      pending.push(line);
      continue;
    }
    parts.segments.push({ lines: [...pending, line], uri: line, seconds, discontinuity });
    pending = [];
    seconds = 0;
    discontinuity = false;
  }
  parts.tail = pending;
  return parts;
}

function headerValue(header: readonly string[], tag: string): number {
  const line = header.find((l) => l.startsWith(`${tag}:`));
  return line ? Number(line.slice(tag.length + 1)) || 0 : 0;
}

/**
 * The segments a sliding window of `seconds` leaves out: the oldest ones, so that those kept add
 * up to `seconds` at least (the one the window's start falls in is kept whole).
 */
function droppedCount(segments: PlaylistParts['segments'], seconds: number): number {
  let kept = 0;
  for (let i = segments.length - 1; i >= 0; i -= 1) {
    kept += segments[i]?.seconds ?? 0;
    if (kept >= seconds - 0.0005) return i;
  }
  return 0;
}

/** Rebuilds a playlist without its first `dropped` segments, numbered as before. */
function withoutFirst(parts: PlaylistParts, dropped: number, header: string[]): string {
  const gone = parts.segments.slice(0, dropped);
  const sequence = headerValue(parts.header, '#EXT-X-MEDIA-SEQUENCE') + dropped;
  const discontinuities =
    headerValue(parts.header, '#EXT-X-DISCONTINUITY-SEQUENCE') +
    gone.filter((s) => s.discontinuity).length;
  const out = header.filter(
    (l) =>
      !l.startsWith('#EXT-X-MEDIA-SEQUENCE:') && !l.startsWith('#EXT-X-DISCONTINUITY-SEQUENCE:'),
  );
  // After the version and target duration, where players expect them.
  const at = Math.max(1, out.findIndex((l) => l.startsWith('#EXT-X-TARGETDURATION:')) + 1);
  const numbering = [`#EXT-X-MEDIA-SEQUENCE:${sequence}`];
  if (discontinuities > 0) numbering.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuities}`);
  out.splice(at, 0, ...numbering);
  const body = parts.segments.slice(dropped).flatMap((s) => s.lines);
  return `${[...out, ...body, ...parts.tail].join('\n')}\n`;
}

/**
 * A live recording's playlist as viewers get it: only its last `seconds` (the DVR window), the
 * media sequence (and discontinuity sequence) counting the segments left out, so players follow
 * the window as it slides. The playlist type goes: an EVENT playlist may never lose segments, and
 * a viewer's player must not see one that does. A finished recording (#EXT-X-ENDLIST) is the VOD
 * and is served whole, as is everything when `seconds` is 0 (no window).
 */
export function liveWindow(text: string, seconds: number): string {
  if (seconds <= 0) return text;
  const lines = completeLines(text);
  if (lines.includes('#EXT-X-ENDLIST')) return text;
  const parts = splitPlaylist(lines);
  const header = parts.header.filter((l) => !l.startsWith('#EXT-X-PLAYLIST-TYPE:'));
  return withoutFirst(parts, droppedCount(parts.segments, seconds), header);
}

/** Where a live window starts on its recording: its first segment's number and start. */
export interface WindowStart {
  /** The served playlist's EXT-X-MEDIA-SEQUENCE (the first segment it lists). */
  mediaSequence: number;
  /** Where that segment starts, in seconds of the recording (the times moments and clips use). */
  recordingSeconds: number;
}

/**
 * The first segment liveWindow(text, seconds) lists, and where it starts on the recording (the
 * segments left out, added up): a player that finds that segment in its playlist knows where any
 * second of the recording sits on its own clock. Null for a playlist with no segment.
 */
export function liveWindowStart(text: string, seconds: number): WindowStart | null {
  const lines = completeLines(text);
  const parts = splitPlaylist(lines);
  if (parts.segments.length === 0) return null;
  const finished = lines.includes('#EXT-X-ENDLIST');
  const dropped = seconds <= 0 || finished ? 0 : droppedCount(parts.segments, seconds);
  let start = 0;
  for (const s of parts.segments.slice(0, dropped)) start += s.seconds;
  return {
    mediaSequence: headerValue(parts.header, '#EXT-X-MEDIA-SEQUENCE') + dropped,
    recordingSeconds: Math.round(start * 1000) / 1000,
  };
}

/**
 * The segments a live playlist's last `seconds` list (the DVR window viewers get): what a recording
 * kept only for its window (the demo's loop) must keep.
 */
export function segmentsInWindow(text: string, seconds: number): string[] {
  const parts = splitPlaylist(completeLines(text));
  return parts.segments.slice(droppedCount(parts.segments, seconds)).map((s) => s.uri);
}

/**
 * A playlist without the leading segments that `exists` says are gone (a recording whose oldest
 * segments were deleted once they left the DVR window). Unchanged when the first one exists, as
 * in every recording nothing was deleted from.
 */
export function withoutMissingStart(text: string, exists: (uri: string) => boolean): string {
  const parts = splitPlaylist(completeLines(text));
  const first = parts.segments.findIndex((s) => exists(s.uri));
  if (first <= 0) return text;
  return withoutFirst(parts, first, parts.header);
}
