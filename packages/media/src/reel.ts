import fsp from 'node:fs/promises';
import path from 'node:path';
import { cutClip } from './clip.js';
import { parseMediaPlaylist, vodPlaylist, type VodEntry } from './hls/playlist.js';

export interface ReelPiece {
  startSeconds: number;
  endSeconds: number;
}

export const REEL = {
  /** The reel keeps this many moments at most: the operator's marks first, then the loudest. */
  topMoments: 6,
  /** A play comes before its roar: each moment's piece starts this long before it... */
  leadSeconds: 6,
  /** ...and ends this long after. */
  tailSeconds: 4,
} as const;

/**
 * The top moments' pieces in time order, inside the video; pieces that overlap are one piece
 * (two roars a few seconds apart are one play).
 */
export function reelPieces(
  moments: readonly { at_seconds: number; kind: string; confidence: number }[],
  durationSeconds: number,
): ReelPiece[] {
  const top = [...moments]
    .sort(
      (a, b) =>
        Number(b.kind === 'marked') - Number(a.kind === 'marked') || b.confidence - a.confidence,
    )
    .slice(0, REEL.topMoments)
    .sort((a, b) => a.at_seconds - b.at_seconds);
  const pieces: ReelPiece[] = [];
  for (const m of top) {
    const startSeconds = Math.max(0, m.at_seconds - REEL.leadSeconds);
    const endSeconds = Math.min(durationSeconds, m.at_seconds + REEL.tailSeconds);
    if (endSeconds - startSeconds < 1) continue;
    const last = pieces.at(-1);
    if (last && startSeconds <= last.endSeconds) last.endSeconds = endSeconds;
    else pieces.push({ startSeconds, endSeconds });
  }
  return pieces;
}

/**
 * A highlights reel (issue 35): each piece cut from one rendition's media playlist with the clip
 * cutter (segments inside a piece are linked unchanged, only the frames up to a keyframe at its
 * edges are re-encoded), joined into one HLS with a discontinuity between pieces, in outputDir:
 * vod/master.m3u8 (the one variant, described by `variantInfo`, its #EXT-X-STREAM-INF line),
 * vod/v0/ and assets/poster.jpg (the first piece's).
 */
export async function cutReel(o: {
  playlist: string;
  pieces: readonly ReelPiece[];
  outputDir: string;
  hasAudio: boolean;
  variantInfo: string;
}): Promise<{ durationSeconds: number; segments: number }> {
  const out = path.join(o.outputDir, 'vod', 'v0');
  await fsp.mkdir(out, { recursive: true });
  await fsp.mkdir(path.join(o.outputDir, 'assets'), { recursive: true });
  const entries: VodEntry[] = [];
  for (const [i, piece] of o.pieces.entries()) {
    const dir = path.join(o.outputDir, `piece-${i}`);
    const clip = await cutClip({
      playlist: o.playlist,
      startSeconds: piece.startSeconds,
      durationSeconds: piece.endSeconds - piece.startSeconds,
      outputDir: dir,
      hasAudio: o.hasAudio,
    });
    const playlist = parseMediaPlaylist(await fsp.readFile(clip.playlist, 'utf8'));
    for (const [j, s] of playlist.segments.entries()) {
      const name = `p${i}_${s.uri}`;
      await fsp.rename(path.join(dir, s.uri), path.join(out, name));
      // A new piece starts a new timeline; within one, the cutter's own discontinuities stay.
      entries.push({
        uri: name,
        durationSeconds: s.durationSeconds,
        discontinuity: (j === 0 && i > 0) || s.discontinuity,
      });
    }
    if (i === 0) await fsp.rename(clip.poster, path.join(o.outputDir, 'assets', 'poster.jpg'));
    await fsp.rm(dir, { recursive: true, force: true });
  }
  await fsp.writeFile(path.join(out, 'index.m3u8'), vodPlaylist(entries));
  await fsp.writeFile(
    path.join(o.outputDir, 'vod', 'master.m3u8'),
    `#EXTM3U\n#EXT-X-VERSION:3\n${o.variantInfo}\nv0/index.m3u8\n`,
  );
  const seconds = entries.reduce((sum, e) => sum + e.durationSeconds, 0);
  return { durationSeconds: Math.round(seconds * 1000) / 1000, segments: entries.length };
}
