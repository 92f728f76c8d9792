import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { localPath } from './args/common.js';
import { buildArgs, type MediaTask } from './args/task.js';
import {
  ClipRangeError,
  frameTicks,
  planPieces,
  planSegments,
  reorderDelay,
  type Piece,
  type SegmentCut,
} from './clip-plan.js';
import {
  firstPicturePts,
  readTransportStream,
  TS_HZ,
  sliceFrom,
  type TsSummary,
} from './hls/mpegts.js';
import { parseMediaPlaylist, vodPlaylist, type MediaPlaylist } from './hls/playlist.js';
import { runFfmpeg, type RunOptions } from './runner.js';
import { isPlainName } from './storage/storage.js';

export interface CutClipOptions {
  /** Absolute path of one rendition's media playlist (VOD, or a live EVENT playlist being written). */
  playlist: string;
  startSeconds: number;
  durationSeconds: number;
  /** Absolute path of an empty work directory. */
  outputDir: string;
  hasAudio: boolean;
  /** Passed to every ffmpeg run (timeout, abort signal, binary); progress is not reported. */
  runOptions?: RunOptions;
}

export interface Clip {
  /** Length of the clip's HLS (sum of its segments), within a frame of what was asked. */
  durationSeconds: number;
  /** Absolute paths, in outputDir: index.m3u8, clip.mp4, poster.jpg (the segments beside them). */
  playlist: string;
  mp4: string;
  poster: string;
  segments: number;
  /** Seconds of picture that were re-encoded; 0 when every cut fell on a usable keyframe. */
  reencodedSeconds: number;
}

/** One output segment: a source segment linked unchanged, or a piece cut from one. */
interface OutputPiece {
  name: string;
  source: string;
  durationSeconds: number;
  piece: Piece | null;
  /** The source segment's parameter sets; compared with what the encoder wrote. */
  sourceParameterSets: string | null;
}

const PLAYLIST = 'index.m3u8';
const MP4 = 'clip.mp4';
const POSTER = 'poster.jpg';

/**
 * Cuts a clip from an existing HLS rendition (a finished game's VOD playlist or a live game's DVR
 * window) into its own HLS (index.m3u8 + seg_NNNNN.ts), an MP4 for download (clip.mp4) and a poster
 * (poster.jpg) in outputDir. Segments inside the range are hard-linked unchanged; a partly covered
 * segment keeps its whole GOPs by stream copy and only the frames between a cut and the nearest
 * usable keyframe are re-encoded, with the source's timestamps, so every part plays on from the
 * previous one.
 */
export async function cutClip(o: CutClipOptions): Promise<Clip> {
  const playlistFile = localPath(o.playlist);
  const sourceDir = path.dirname(playlistFile);
  const outDir = localPath(o.outputDir);
  const source = await readPlaylistCovering(playlistFile, o.startSeconds + o.durationSeconds);
  const cuts = planSegments(source.segments, o.startSeconds, o.durationSeconds);
  await fsp.mkdir(outDir, { recursive: true });

  const outputs: OutputPiece[] = [];
  const temporary: string[] = [];
  const segmentBytes = new Map<string, Buffer>();
  const name = () => `seg_${String(outputs.length).padStart(5, '0')}.ts`;
  let encoder: EncoderMatch | null = null;
  for (let i = 0; i < cuts.length; i++) {
    const cut = cuts[i] as SegmentCut;
    let file = segmentPath(sourceDir, cut.uri);
    if (cut.from === null && cut.to === null) {
      outputs.push({
        name: name(),
        source: file,
        durationSeconds: cut.durationSeconds,
        piece: null,
        sourceParameterSets: null,
      });
      continue;
    }
    let bytes = await fsp.readFile(file);
    segmentBytes.set(cut.uri, bytes);
    let media = readTransportStream(bytes);
    let plan = planCut(media, cut.from, cut.to, cut.durationSeconds);
    const next = cuts[i + 1];
    if (plan.needsNext && next) {
      // The cut is a frame or two before the segment's end: re-encode on into the next segment,
      // read as one file (MPEG-TS segments of one stream concatenate byte for byte).
      bytes = Buffer.concat([bytes, await fsp.readFile(segmentPath(sourceDir, next.uri))]);
      file = path.join(outDir, `.joined-${cut.index}.ts`);
      await fsp.writeFile(file, bytes);
      temporary.push(file);
      media = readTransportStream(bytes);
      const to = next.to === null ? null : cut.durationSeconds + next.to;
      plan = planCut(media, cut.from, to, cut.durationSeconds + next.durationSeconds);
      i++;
    }
    encoder ??= matchEncoder(media, bytes.length, cut.durationSeconds);
    for (const piece of plan.pieces) {
      const whole = piece.kind === 'copy' && piece.fromDts === null && piece.toDts === null;
      outputs.push({
        name: name(),
        source: file,
        durationSeconds: (piece.endPts - piece.startPts) / TS_HZ,
        piece: whole ? null : piece,
        sourceParameterSets: media.parameterSets,
      });
    }
  }
  if (outputs.length === 0) {
    throw new ClipRangeError('the clip is shorter than one frame', source.totalSeconds);
  }

  const info = encoder ?? { kbps: 2_000, fps: 25, reorderDelay: 2 };
  const run = (task: MediaTask, seconds: number) =>
    runFfmpeg(buildArgs(task), { timeoutMs: 30_000 + seconds * 20_000, ...o.runOptions });
  const jobs = outputs.map(async (out): Promise<string | null> => {
    const target = path.join(outDir, out.name);
    const p = out.piece;
    if (p === null) {
      await linkOrCopy(out.source, target);
      return null;
    }
    if (p.kind === 'copy') {
      await run(
        {
          kind: 'clip-copy',
          input: out.source,
          output: target,
          fromDts: p.fromDts,
          toDts: p.toDts,
          hasAudio: o.hasAudio,
        },
        out.durationSeconds,
      );
      return null;
    }
    await run(
      {
        kind: 'clip-encode',
        input: out.source,
        output: target,
        videoFrom: p.videoFrom,
        videoTo: p.videoTo,
        audioFrom: p.audioFrom,
        audioFrames: p.audioFrames,
        hasAudio: o.hasAudio,
        ...info,
      },
      out.durationSeconds,
    );
    return readTransportStream(await fsp.readFile(target)).parameterSets;
  });
  const read = async (uri: string) =>
    segmentBytes.get(uri) ?? (await fsp.readFile(segmentPath(sourceDir, uri)));
  const settled = await Promise.allSettled([...jobs, makePoster(cuts, o, read, run)]);
  await Promise.all(temporary.map((f) => fsp.rm(f, { force: true })));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;

  // A re-encoded piece whose SPS/PPS differ from the source's needs a decoder reset in players
  // (hls.js builds a new init segment at a discontinuity); timestamps stay continuous either way.
  const written = settled.slice(0, outputs.length).map((s, i) => {
    const params = s.status === 'fulfilled' ? s.value : null;
    const own = outputs[i]?.sourceParameterSets ?? null;
    return params === null || params === own ? 'source' : params;
  });
  const entries = outputs.map((out, i) => ({
    uri: out.name,
    durationSeconds: out.durationSeconds,
    discontinuity: i > 0 && written[i] !== written[i - 1],
  }));
  const playlistText = vodPlaylist(entries);
  const tmp = path.join(outDir, `${PLAYLIST}.tmp`);
  await fsp.writeFile(tmp, playlistText);
  await fsp.rename(tmp, path.join(outDir, PLAYLIST));
  const durationSeconds = round6(entries.reduce((sum, e) => sum + e.durationSeconds, 0));
  await remuxSegments(
    outputs.map((out) => path.join(outDir, out.name)),
    path.join(outDir, MP4),
    o.hasAudio,
    // Stream copy: far faster than real time.
    (task) => run(task, durationSeconds / 20),
  );

  return {
    durationSeconds,
    playlist: path.join(outDir, PLAYLIST),
    mp4: path.join(outDir, MP4),
    poster: path.join(outDir, POSTER),
    segments: outputs.length,
    reencodedSeconds: round6(
      outputs.reduce(
        (sum, out) => sum + (out.piece?.kind === 'encode' ? out.durationSeconds : 0),
        0,
      ),
    ),
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * A live playlist is rewritten in place by the encoder: a read can catch it empty or a few
 * segments short of what the caller saw a moment ago. Reads again briefly before giving up.
 */
async function readPlaylistCovering(file: string, endSeconds: number): Promise<MediaPlaylist> {
  for (let attempt = 1; ; attempt++) {
    const text = await fsp.readFile(file, 'utf8');
    let parsed: MediaPlaylist | null = null;
    try {
      parsed = parseMediaPlaylist(text);
    } catch (error) {
      if (attempt >= 5 || text.startsWith('#EXTM3U')) throw error;
    }
    const covers = parsed !== null && (parsed.endList || parsed.totalSeconds >= endSeconds);
    if (parsed !== null && (covers || attempt >= 5)) return parsed;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The clip's segments → one MP4 by stream copy. They are read as one MPEG-TS file (they are one
 * continuous stream) rather than through ffmpeg 4.1's HLS demuxer, which gives every packet a
 * zero duration when the first segment is a fraction of a second long: the MP4's edit list then
 * ends a frame early and players drop the last frame.
 */
async function remuxSegments(
  segments: string[],
  output: string,
  hasAudio: boolean,
  run: (task: MediaTask) => Promise<unknown>,
): Promise<void> {
  const joined = `${output}.ts`;
  const part = `${output}.part`;
  await fsp.writeFile(joined, '');
  let firstPictureTicks: number | null = null;
  for (const segment of segments) {
    const bytes = await fsp.readFile(segment);
    // The clip starts at its first picture; its pieces keep the source's clock, in order.
    firstPictureTicks ??= firstPicturePts(readTransportStream(bytes));
    await fsp.appendFile(joined, bytes);
  }
  try {
    await run({ kind: 'remux-mp4', input: joined, output: part, hasAudio, firstPictureTicks });
    await fsp.rename(part, output);
  } finally {
    await fsp.rm(joined, { force: true });
  }
}

/** Segment names come from the playlist's text: only plain names beside it are followed. */
function segmentPath(dir: string, uri: string): string {
  if (!isPlainName(uri)) throw new Error(`unexpected segment URI: ${uri}`);
  return path.join(dir, uri);
}

/** Listed segments never change again, so the clip can share their bytes. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await fsp.rm(to, { force: true });
  try {
    await fsp.link(from, to);
  } catch {
    // Another file system (EXDEV) or one without hard links: a copy (a clone where supported).
    await fsp.copyFile(from, to, fs.constants.COPYFILE_FICLONE);
  }
}

interface EncoderMatch {
  kbps: number;
  fps: number;
  reorderDelay: number;
}

/** Splits a partly covered segment; times from the segment's first frame. */
function planCut(media: TsSummary, from: number | null, to: number | null, seconds: number) {
  const first = Math.min(...media.video.map((f) => f.pts));
  return planPieces(media, {
    fromPts: from === null ? null : first + from * TS_HZ,
    toPts: to === null ? null : first + to * TS_HZ,
    segmentEndPts: first + seconds * TS_HZ,
  });
}

/**
 * Encoder settings close to the source's: same frame rate, the same decode delay (so pieces meet
 * without their decode times overlapping) and about its bitrate (x264's parameter sets then
 * usually come out byte-identical to the source's).
 */
function matchEncoder(media: TsSummary, bytes: number, seconds: number): EncoderMatch {
  const kbps = Math.round((bytes * 8) / 1000 / Math.max(0.04, seconds));
  return {
    kbps: Math.min(20_000, Math.max(100, kbps)),
    fps: TS_HZ / frameTicks(media.video),
    reorderDelay: reorderDelay(media.video),
  };
}

/**
 * One frame at the clip's middle, from the source segment that holds it. Only the picture from
 * the keyframe before it is decoded (a slice of the segment): the still is ready long before the
 * re-encoded edges, instead of decoding up to a whole segment beside them.
 */
async function makePoster(
  cuts: SegmentCut[],
  o: CutClipOptions,
  read: (uri: string) => Promise<Buffer>,
  run: (task: MediaTask, seconds: number) => Promise<unknown>,
): Promise<void> {
  const middle = o.startSeconds + o.durationSeconds / 2;
  const cut = cuts.find((c) => middle < c.startSeconds + c.durationSeconds) ?? cuts.at(-1);
  if (!cut) throw new ClipRangeError('the clip is shorter than one frame', 0);
  const bytes = await read(cut.uri);
  const media = readTransportStream(bytes);
  const frame = frameTicks(media.video);
  const first = Math.min(...media.video.map((f) => f.pts));
  const target = first + (middle - cut.startSeconds) * TS_HZ;
  const key = media.video.findLast((f) => f.isKey && f.pts <= target + frame / 2) ?? media.video[0];
  const source = path.join(localPath(o.outputDir), '.poster.ts');
  await fsp.writeFile(source, key ? sliceFrom(bytes, key.offset) : bytes);
  try {
    await run(
      {
        kind: 'poster',
        input: source,
        output: path.join(localPath(o.outputDir), POSTER),
        atSeconds: Math.max(0, target - frame / 2) / TS_HZ,
        width: 1280,
        // Input seeking inside an MPEG-TS file is unreliable in ffmpeg 4.1; the slice is short.
        seek: 'output',
        sourceClock: true,
      },
      1,
    );
  } finally {
    await fsp.rm(source, { force: true });
  }
}
