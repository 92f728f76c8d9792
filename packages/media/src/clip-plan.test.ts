import { describe, expect, it } from 'vitest';
import {
  ClipRangeError,
  frameTicks,
  planPieces,
  planSegments,
  reorderDelay,
  type EncodePiece,
} from './clip-plan.js';
import type { TsVideoFrame } from './hls/mpegts.js';

const T = 3_600; // one frame at 25 fps, in 90 kHz ticks
const BASE = 900_000;

/**
 * A segment as x264 writes it with B-frames (decode delay 2): two closed GOPs of 8 frames,
 * keyframes shown at 0 and 8. `display` lists, in decode order, each frame's place on screen.
 */
function segment(display: number[], keys: number[], delay: number): TsVideoFrame[] {
  return display.map((d, k) => ({
    pts: BASE + d * T,
    dts: BASE + (k - delay) * T,
    isKey: keys.includes(d),
    offset: k * 188,
  }));
}
const pyramid = segment([0, 4, 2, 1, 3, 7, 5, 6, 8, 12, 10, 9, 11, 15, 13, 14], [0, 8], 2);
const noB = segment([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [0, 6], 0);
const END = BASE + 16 * T;
/** AAC frames every 1920 ticks (48 kHz), starting a little before the first picture. */
const audio = Array.from({ length: 32 }, (_, i) => BASE - 1_000 + i * 1_920);
const media = { video: pyramid, audio };
const pts = (displayIndex: number) => BASE + displayIndex * T;
const dtsOfDecode = (k: number) => BASE + (k - 2) * T;
const audioIn = (from: number, to: number) => audio.filter((t) => t >= from && t < to).length;

describe('planSegments', () => {
  const six = Array.from({ length: 5 }, (_, i) => ({ uri: `s${i}.ts`, durationSeconds: 6 }));

  it('takes segments inside the range whole and cuts the ones at its edges', () => {
    const cuts = planSegments(six, 9, 12);
    expect(cuts.map((c) => [c.uri, c.from, c.to])).toEqual([
      ['s1.ts', 3, null],
      ['s2.ts', null, null],
      ['s3.ts', null, 3],
    ]);
    expect(cuts[0]).toMatchObject({ index: 1, startSeconds: 6, durationSeconds: 6 });
  });

  it('cuts nothing when both ends fall on segment boundaries (within EXTINF rounding)', () => {
    const cuts = planSegments(six, 6.0000004, 12);
    expect(cuts.map((c) => [c.uri, c.from, c.to])).toEqual([
      ['s1.ts', null, null],
      ['s2.ts', null, null],
    ]);
  });

  it('keeps a clip inside one segment to that segment', () => {
    const cuts = planSegments(six, 13, 2.5);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ uri: 's2.ts', from: 1, to: 3.5 });
  });

  it('refuses a clip across a discontinuity, where the timestamps start over', () => {
    const restarted = six.map((s, i) => ({ ...s, discontinuity: i === 3 }));
    expect(() => planSegments(restarted, 16, 4)).toThrow(/interruption/);
    expect(planSegments(restarted, 18, 8)).toHaveLength(2);
    expect(planSegments(restarted, 10, 8)).toHaveLength(2);
  });

  it('refuses a clip outside what the playlist holds, with what it holds', () => {
    expect(() => planSegments(six, -1, 5)).toThrow(ClipRangeError);
    expect(() => planSegments(six, 3, 0)).toThrow(ClipRangeError);
    expect(() => planSegments(six, 3, Number.NaN)).toThrow(ClipRangeError);
    const error = (() => {
      try {
        planSegments(six, 20, 10.01);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ClipRangeError);
    expect((error as ClipRangeError).availableSeconds).toBe(30);
    expect(planSegments(six, 20, 10).at(-1)).toMatchObject({ uri: 's4.ts', to: null });
  });
});

describe('planPieces', () => {
  it('reads the frame duration and the decode delay from the frames', () => {
    expect(frameTicks(pyramid)).toBe(T);
    expect(reorderDelay(pyramid)).toBe(2);
    expect(reorderDelay(noB)).toBe(0);
  });

  it('copies a segment whose both edges are its own', () => {
    const plan = planPieces(media, { fromPts: null, toPts: null, segmentEndPts: END });
    expect(plan.pieces).toEqual([
      { kind: 'copy', fromDts: null, toDts: null, startPts: pts(0), endPts: END },
    ]);
  });

  it('re-encodes only up to the next keyframe, then copies whole GOPs', () => {
    const plan = planPieces(media, { fromPts: pts(2), toPts: null, segmentEndPts: END });
    const handover = dtsOfDecode(8); // the keyframe shown at 8 is decoded 8th
    expect(plan).toEqual({
      needsNext: false,
      pieces: [
        {
          kind: 'encode',
          videoFrom: pts(2),
          videoTo: pts(8),
          audioFrom: pts(2),
          // The sound stops where the copy's starts: on the decode clock, 2 frames early.
          audioFrames: audioIn(pts(2), handover),
          startPts: pts(2),
          endPts: pts(8),
        },
        { kind: 'copy', fromDts: handover, toDts: null, startPts: pts(8), endPts: END },
      ],
    });
  });

  it('rounds a cut to the nearest frame', () => {
    const at = (fromPts: number) =>
      planPieces(media, { fromPts, toPts: null, segmentEndPts: END }).pieces[0]?.startPts;
    expect(at(pts(2) - 0.4 * T)).toBe(pts(2));
    expect(at(pts(2) - 0.6 * T)).toBe(pts(1));
    expect(at(pts(2) + 0.4 * T)).toBe(pts(2));
  });

  it('encodes on through the next GOP when fewer frames than the decode delay precede it', () => {
    const plan = planPieces(media, { fromPts: pts(6), toPts: null, segmentEndPts: END });
    expect(plan.needsNext).toBe(false);
    expect(plan.pieces).toHaveLength(1);
    expect(plan.pieces[0]).toMatchObject({ kind: 'encode', videoFrom: pts(6), videoTo: null });
    expect((plan.pieces[0] as EncodePiece).audioFrames).toBeNull();
  });

  it('asks for the next segment when the last frames before the file end are too few', () => {
    const plan = planPieces(media, { fromPts: pts(15), toPts: null, segmentEndPts: END });
    expect(plan.needsNext).toBe(true);
    expect(plan.pieces[0]).toMatchObject({ kind: 'encode', videoFrom: pts(15), endPts: END });
  });

  it('copies a prefix that decodes on its own', () => {
    const plan = planPieces(media, { fromPts: null, toPts: pts(5), segmentEndPts: END });
    expect(plan.pieces).toEqual([
      { kind: 'copy', fromDts: null, toDts: dtsOfDecode(5), startPts: pts(0), endPts: pts(5) },
    ]);
  });

  it('copies up to the last keyframe and re-encodes the rest when B-frames straddle the cut', () => {
    const plan = planPieces(media, { fromPts: null, toPts: pts(11), segmentEndPts: END });
    expect(plan.pieces).toEqual([
      { kind: 'copy', fromDts: null, toDts: dtsOfDecode(8), startPts: pts(0), endPts: pts(8) },
      {
        kind: 'encode',
        videoFrom: pts(8),
        videoTo: pts(11),
        audioFrom: dtsOfDecode(8),
        audioFrames: audioIn(dtsOfDecode(8), pts(11)),
        startPts: pts(8),
        endPts: pts(11),
      },
    ]);
  });

  it('re-encodes a clip inside one GOP as one piece cut on both sides', () => {
    const plan = planPieces(media, { fromPts: pts(2), toPts: pts(5), segmentEndPts: END });
    expect(plan.pieces).toEqual([
      {
        kind: 'encode',
        videoFrom: pts(2),
        videoTo: pts(5),
        audioFrom: pts(2),
        audioFrames: audioIn(pts(2), pts(5)),
        startPts: pts(2),
        endPts: pts(5),
      },
    ]);
  });

  it('copies any prefix of a stream without B-frames (the live encoder)', () => {
    const live = { video: noB, audio };
    const plan = planPieces(live, { fromPts: pts(2), toPts: pts(9), segmentEndPts: BASE + 12 * T });
    expect(plan.pieces.map((p) => [p.kind, p.startPts, p.endPts])).toEqual([
      ['encode', pts(2), pts(6)],
      ['copy', pts(6), pts(9)],
    ]);
    expect(plan.pieces[1]).toMatchObject({ fromDts: pts(6), toDts: pts(9) });
    // Without B-frames one frame before a keyframe is enough.
    expect(
      planPieces(live, { fromPts: pts(5), toPts: null, segmentEndPts: BASE + 12 * T }).pieces,
    ).toHaveLength(2);
  });

  it('returns nothing when less than half a frame of the segment is in the clip', () => {
    const plan = planPieces(media, { fromPts: END - 0.3 * T, toPts: null, segmentEndPts: END });
    expect(plan.pieces).toEqual([]);
  });
});
