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
