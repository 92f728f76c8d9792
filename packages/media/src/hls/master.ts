import type { PlannedRendition, Rendition } from '../ladder.js';

/** avc1 profile/level strings for the CODECS attribute: Main for our encodes, High for copies. */
function videoCodec(r: Rendition & { copyVideo?: boolean }): string {
  if (r.copyVideo) return 'avc1.640028';
  return r.height > 576 ? 'avc1.4d401f' : 'avc1.4d401e';
}

/**
 * The master playlist, written by us rather than by ffmpeg (whose 4.1 build crashes writing it).
 * Renditions are listed best first; players pick their start level from bandwidth anyway.
 */
export function masterPlaylist(
  renditions: readonly (Rendition | PlannedRendition)[],
  opts: { fps: number; hasAudio: boolean; sourceKbps?: number | null },
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  renditions.forEach((r, i) => {
    const copied = 'copyVideo' in r && r.copyVideo;
    const videoKbps = copied && opts.sourceKbps ? opts.sourceKbps : r.videoKbps;
    const audioKbps = opts.hasAudio ? r.audioKbps : 0;
    const peak = Math.round((videoKbps * 1.3 + audioKbps) * 1000);
    const average = Math.round((videoKbps + audioKbps) * 1000);
    const codecs = [videoCodec(r), ...(opts.hasAudio ? ['mp4a.40.2'] : [])].join(',');
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=${r.width}x${r.height},FRAME-RATE=${opts.fps.toFixed(3)},CODECS="${codecs}"`,
      `v${i}/index.m3u8`,
    );
  });
  return `${lines.join('\n')}\n`;
}
