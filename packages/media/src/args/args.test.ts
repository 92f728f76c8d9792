import { describe, expect, it } from 'vitest';
import { planLadder, type Rendition } from '../ladder.js';
import type { ProbeResult } from '../probe.js';
import { cutTime } from './clip.js';
import { ffColor, safeText } from './common.js';
import { scoreSpans, syntheticGraph } from './synthetic.js';
import { buildArgs, type MediaTask } from './task.js';
import { loopFileFor } from '../live.js';

const ladder: Rendition[] = [
  { name: '720p', width: 1280, height: 720, videoKbps: 2400, audioKbps: 128 },
  { name: '360p', width: 640, height: 360, videoKbps: 700, audioKbps: 96 },
];
const h264Source: ProbeResult = {
  durationSeconds: 30,
  startSeconds: 0,
  video: { codec: 'h264', width: 1280, height: 720, fps: 25, pixFmt: 'yuv420p', kbps: 1800 },
  audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
};
const picture = {
  width: 640,
  height: 360,
  fps: 25,
  home: { code: 'WOL', color: '#1d4f91' },
  away: { code: 'KNI', color: 'red; rm -rf' },
  goals: [{ atSeconds: 10, team: 'home' as const }],
  clockOffsetSeconds: 0,
  fontFile: '/fonts/a:b.ttf',
};

const tasks: MediaTask[] = [
  {
    kind: 'vod-hls',
    input: '/in/source.mp4',
    outputDir: '/out/vod',
    renditions: planLadder(ladder, h264Source, { sourceHasFixedGop: true }),
    audio: 'copy',
    fps: 25,
    segmentSeconds: 4,
    keyframeSeconds: 2,
  },
  { kind: 'poster', input: '/in/a.m3u8', output: '/out/p.jpg', atSeconds: 3, width: 1280 },
  {
    kind: 'thumbnails',
    input: '/in/a.m3u8',
    outputPattern: '/out/s_%03d.jpg',
    intervalSeconds: 2,
    columns: 10,
    rows: 10,
    width: 160,
    height: 90,
    keyframesOnly: true,
  },
  {
    kind: 'preview',
    input: '/in/a.m3u8',
    output: '/out/p.mp4',
    startSeconds: 1,
    durationSeconds: 6,
    height: 480,
    kbps: 900,
  },
  {
    kind: 'remux-mp4',
    input: '/in/v0/index.m3u8',
    output: '/out/e.mp4',
    hasAudio: true,
    firstPictureTicks: 133_200,
  },
  {
    kind: 'clip-copy',
    input: '/in/v0/seg_00003.ts',
    output: '/out/seg_00001.ts',
    fromDts: 1_800_000,
    toDts: null,
    hasAudio: true,
  },
  {
    kind: 'clip-encode',
    input: '/in/v0/seg_00002.ts',
    output: '/out/seg_00000.ts',
    videoFrom: 1_260_000,
    videoTo: 1_440_000,
    audioFrom: 1_260_000,
    audioFrames: 93,
    hasAudio: true,
    kbps: 1_800,
    fps: 25,
    reorderDelay: 2,
  },
];

describe('buildArgs', () => {
  it.each(tasks.map((t) => [t.kind, t] as const))(
    '%s reads local files only, through the protocol whitelist',
    (_kind, task) => {
      const args = buildArgs(task);
      const inputs = args.flatMap((a, i) => (a === '-i' ? [i] : []));
      expect(inputs.length).toBe(1);
      for (const at of inputs) {
        expect(args.slice(at - 2, at)).toEqual(['-protocol_whitelist', 'file']);
        expect(args[at + 1]?.startsWith('/')).toBe(true);
      }
      expect(args.every((a) => typeof a === 'string' && !a.includes('\0'))).toBe(true);
    },
  );

  it('remuxes to an MP4 whose time 0 is the first picture, on the input clock', () => {
    const args = buildArgs({
      kind: 'remux-mp4',
      input: '/clip/clip.mp4.ts',
      output: '/clip/clip.mp4.part',
      hasAudio: true,
      firstPictureTicks: 313_200,
    });
    expect(args.indexOf('-copyts')).toBeLessThan(args.indexOf('-i'));
    // Sound before the picture becomes negative time: the muxer trims it with an edit list.
    expect(args[args.indexOf('-output_ts_offset') + 1]).toBe('-3.480000');
    expect(args.indexOf('-output_ts_offset')).toBeGreaterThan(args.indexOf('-i'));
    const unknown = buildArgs({
      kind: 'remux-mp4',
      input: '/in/v0/index.m3u8',
      output: '/out/e.mp4',
      hasAudio: false,
      firstPictureTicks: null,
    });
    expect(unknown).not.toContain('-copyts');
    expect(unknown).not.toContain('-output_ts_offset');
  });

  it('refuses relative paths, which ffmpeg could read as options', () => {
    expect(() =>
      buildArgs({ kind: 'poster', input: '-f', output: '/o.jpg', atSeconds: 0, width: 10 }),
    ).toThrow(/absolute/);
  });

  it('copies the top rendition and encodes the other with keyframes every 2 s', () => {
    const args = buildArgs(tasks[0] as MediaTask);
    expect(args).toContain('-c:v:0');
    expect(args[args.indexOf('-c:v:0') + 1]).toBe('copy');
    expect(args[args.indexOf('-c:v:1') + 1]).toBe('libx264');
    expect(args[args.indexOf('-force_key_frames:v:1') + 1]).toBe('expr:gte(t,n_forced*2)');
    expect(args[args.indexOf('-g:v:1') + 1]).toBe('50');
    expect(args[args.indexOf('-hls_time') + 1]).toBe('4');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0 v:1,a:1');
    expect(args.at(-1)).toBe('/out/vod/v%v/index.m3u8');
  });

  it('renders a live loop with one encoded stream per rendition, keyframes every segment', () => {
    const args = buildArgs({
      kind: 'live-loop',
      graph: syntheticGraph({ ...picture, showClock: false }),
      output: '/live/loop.mp4',
      renditions: ladder,
      fps: 25,
      seconds: 30,
      keyframeSeconds: 2,
    });
    expect(args.filter((a) => a === '-map')).toHaveLength(3);
    expect(args[args.indexOf('-force_key_frames:v:1') + 1]).toBe('expr:gte(t,n_forced*2)');
    expect(args[args.indexOf('-t') + 1]).toBe('30.000');
    expect(args).not.toContain('-i');
    // The loop is made as fast as the CPU allows, not at the wall clock's pace.
    expect(args[args.indexOf('-filter_complex') + 1]).not.toMatch(/realtime/);
  });

  it('renders a demo game straight into its HLS ladder in one ffmpeg on one thread', () => {
    const args = buildArgs({
      kind: 'synthetic-vod',
      graph: syntheticGraph(picture),
      outputDir: '/out/vod',
      renditions: ladder,
      fps: 25,
      durationSeconds: 30,
      segmentSeconds: 4,
      keyframeSeconds: 2,
      preset: 'ultrafast',
      threads: 1,
    });
    // No intermediate file: the generated frames go to every rendition's encoder.
    expect(args).not.toContain('-i');
    expect(args[args.indexOf('-filter_complex_threads') + 1]).toBe('1');
    expect(args.indexOf('-filter_complex_threads')).toBeLessThan(args.indexOf('-filter_complex'));
    expect(args[args.indexOf('-threads') + 1]).toBe('1');
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toContain('[vout]split=2[s0][s1]');
    expect(graph).toContain('[s1]scale=640:360[v1]');
    expect(graph).toContain('[aout]asplit=2[a0][a1]');
    for (const i of [0, 1]) {
      expect(args[args.indexOf(`-c:v:${i}`) + 1]).toBe('libx264');
      expect(args[args.indexOf(`-preset:v:${i}`) + 1]).toBe('ultrafast');
      expect(args[args.indexOf(`-force_key_frames:v:${i}`) + 1]).toBe('expr:gte(t,n_forced*2)');
      expect(args[args.indexOf(`-g:v:${i}`) + 1]).toBe('50');
    }
    expect(args[args.indexOf('-t') + 1]).toBe('30.000');
    expect(args[args.indexOf('-hls_playlist_type') + 1]).toBe('vod');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0 v:1,a:1');
    expect(args.at(-1)).toBe('/out/vod/v%v/index.m3u8');
  });

  it('publishes the loop by stream copy into an EVENT playlist (DVR) that appends on restart', () => {
    const args = buildArgs({
      kind: 'live-publish',
      input: '/live/loop.mp4',
      outputDir: '/live',
      renditionCount: 2,
      segmentSeconds: 2,
      append: true,
      maxSeconds: 3600,
    });
    expect(args.slice(0, 4)).toEqual(['-y', '-re', '-stream_loop', '-1']);
    expect(args[args.indexOf('-c') + 1]).toBe('copy');
    expect(args).not.toContain('libx264');
    expect(args[args.indexOf('-hls_list_size') + 1]).toBe('0');
    expect(args[args.indexOf('-hls_playlist_type') + 1]).toBe('event');
    // Appended, ffmpeg 4.1 would stamp the whole list again from its own start: no date-times.
    // No ENDLIST from ffmpeg: a publisher stopped for a restart is not the end of the game.
    expect(args[args.indexOf('-hls_flags') + 1]).toBe(
      'independent_segments+omit_endlist+append_list',
    );
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0 v:1,a:1');
    const fresh = buildArgs({
      kind: 'live-publish',
      input: '/live/loop.mp4',
      outputDir: '/live',
      renditionCount: 2,
      segmentSeconds: 1,
      append: false,
    });
    expect(fresh[fresh.indexOf('-hls_flags') + 1]).toBe(
      'independent_segments+omit_endlist+program_date_time',
    );
    expect(fresh[fresh.indexOf('-hls_time') + 1]).toBe('1');
  });

  it('cuts an RTMP stream into the same 1 s live segments, a keyframe at each, EVENT DVR', () => {
    const args = buildArgs({
      kind: 'live-ingest',
      outputDir: '/live',
      renditions: ladder,
      hasAudio: true,
      fps: 30,
      segmentSeconds: 1,
      append: false,
    });
    expect(args[args.indexOf('-hls_time') + 1]).toBe('1');
    for (const i of [0, 1]) {
      expect(args[args.indexOf(`-g:v:${i}`) + 1]).toBe('30');
      expect(args[args.indexOf(`-force_key_frames:v:${i}`) + 1]).toBe('expr:gte(t,n_forced*1)');
    }
    expect(args[args.indexOf('-hls_playlist_type') + 1]).toBe('event');
    // No ENDLIST when ffmpeg stops (its worker died, its publisher reconnects): the game goes on.
    expect(args[args.indexOf('-hls_flags') + 1]).toBe(
      'independent_segments+omit_endlist+program_date_time',
    );
    // The input's frame rate is not probed (the fps filter sets it): the first segment is sooner.
    expect(args[args.indexOf('-fpsprobesize') + 1]).toBe('0');
    expect(args.indexOf('-fpsprobesize')).toBeLessThan(args.indexOf('-i'));
    const reconnected = buildArgs({
      kind: 'live-ingest',
      outputDir: '/live',
      renditions: ladder,
      hasAudio: true,
      fps: 30,
      segmentSeconds: 1,
      append: true,
    });
    expect(reconnected[reconnected.indexOf('-hls_flags') + 1]).toBe(
      'independent_segments+omit_endlist+append_list',
    );
  });

  it('names a loop for the segment length its keyframes were made for', () => {
    expect(loopFileFor('/data/live')).toBe('/data/live.loop-1s.mp4');
    expect(loopFileFor('/data/live', 2)).toBe('/data/live.loop-2s.mp4');
  });

  it('leaves the clock out of a loop, which would repeat the same minute', () => {
    expect(syntheticGraph(picture)).toContain('eif');
    expect(syntheticGraph({ ...picture, showClock: false })).not.toContain('eif');
    const noFont = { ...picture, fontFile: undefined };
    expect(syntheticGraph(noFont)).toContain('[clk]');
    expect(syntheticGraph({ ...noFont, showClock: false })).not.toContain('[clk]');
  });
});

describe('clip pieces', () => {
  const copy = tasks.find((t) => t.kind === 'clip-copy') as MediaTask;
  const encode = tasks.find((t) => t.kind === 'clip-encode') as MediaTask & {
    kind: 'clip-encode';
  };

  it('keep the source clock: -copyts in, no muxer delay out, the cut shifted back', () => {
    for (const task of [copy, encode]) {
      const args = buildArgs(task);
      expect(args.indexOf('-copyts')).toBeLessThan(args.indexOf('-i'));
      expect(args[args.indexOf('-mpegts_copyts') + 1]).toBe('1');
      expect(args[args.indexOf('-f') + 1]).toBe('mpegts');
      expect(args[args.indexOf('-ss') + 1]).toBe(args[args.indexOf('-output_ts_offset') + 1]);
      expect(args.indexOf('-ss')).toBeGreaterThan(args.indexOf('-i'));
    }
  });

  it('cuts a copy 5 µs before the tick, so the packet on it is kept', () => {
    const args = buildArgs(copy);
    expect(args[args.indexOf('-ss') + 1]).toBe('19.999995');
    expect(args[args.indexOf('-c') + 1]).toBe('copy');
    expect(args).not.toContain('-to');
    const ended = buildArgs({ ...(copy as typeof copy & { kind: 'clip-copy' }), toDts: 2_700_000 });
    expect(ended[ended.indexOf('-to') + 1]).toBe('29.999995');
    expect(cutTime(90_000)).toBe('0.999995');
  });

  it('encodes the picture between two ticks and copies a counted run of sound', () => {
    const args = buildArgs(encode);
    expect(args[args.indexOf('-vf') + 1]).toBe('trim=start_pts=1260000:end_pts=1440000');
    expect(args[args.indexOf('-c:v') + 1]).toBe('libx264');
    expect(args[args.indexOf('-preset:v') + 1]).toBe('superfast');
    expect(args[args.indexOf('-vsync') + 1]).toBe('passthrough');
    expect(args[args.indexOf('-c:a') + 1]).toBe('copy');
    expect(args[args.indexOf('-frames:a') + 1]).toBe('93');
    expect(args).not.toContain('-bf');
    expect(args).not.toContain('-tune');
  });

  it('matches the decode delay of the source', () => {
    const live = buildArgs({ ...encode, reorderDelay: 0, audioFrom: null, audioFrames: null });
    expect(live[live.indexOf('-tune') + 1]).toBe('zerolatency');
    expect(live).not.toContain('-ss');
    expect(live).not.toContain('-frames:a');
    const single = buildArgs({ ...encode, reorderDelay: 1, hasAudio: false, videoTo: null });
    expect(single[single.indexOf('-bf') + 1]).toBe('1');
    expect(single).not.toContain('0:a:0');
    expect(single[single.indexOf('-vf') + 1]).toBe('trim=start_pts=1260000');
  });
});

describe('planLadder', () => {
  it('never upscales and only copies a fitting H.264 source with a fixed GOP', () => {
    const small = { ...h264Source, video: { ...h264Source.video!, width: 854, height: 480 } };
    expect(planLadder(ladder, small, { sourceHasFixedGop: true }).map((r) => r.name)).toEqual([
      '360p',
    ]);
    expect(planLadder(ladder, h264Source, { sourceHasFixedGop: false })[0]?.copyVideo).toBe(false);
    const hevc = { ...h264Source, video: { ...h264Source.video!, codec: 'hevc' } };
    expect(planLadder(ladder, hevc, { sourceHasFixedGop: true })[0]?.copyVideo).toBe(false);
  });

  it('keeps the source aspect ratio with even sizes', () => {
    const wide = { ...h264Source, video: { ...h264Source.video!, width: 1440, height: 720 } };
    expect(planLadder(ladder, wide, { sourceHasFixedGop: false })[1]?.width).toBe(720);
  });
});

describe('synthetic picture', () => {
  it('keeps channel data out of the filter graph syntax', () => {
    const graph = syntheticGraph(picture);
    expect(graph).not.toContain('rm -rf');
    expect(graph).toContain("fontfile='/fonts/a\\:b.ttf'");
    expect(ffColor('#ABCDEF')).toBe('0xABCDEF');
    expect(safeText("O'Neil: [x];,")).toBe('ONeil x');
  });

  it('draws boxes and a sweeping clock when no font is available', () => {
    const graph = syntheticGraph({ ...picture, fontFile: undefined });
    expect(graph).not.toContain('drawtext');
    expect(graph).toContain('[clk]');
  });

  it('keeps the bottom edge, under the player controls, free of test patterns and bars', () => {
    for (const graph of [
      syntheticGraph(picture),
      syntheticGraph({ ...picture, fontFile: undefined }),
    ]) {
      expect(graph).not.toContain('testsrc');
      expect(graph).not.toMatch(/y=H-h/);
    }
  });

  it('turns goals into score spans', () => {
    expect(
      scoreSpans([
        { atSeconds: 50, team: 'away' },
        { atSeconds: 20, team: 'home' },
      ]),
    ).toEqual([
      { from: 0, to: 20, away: 0, home: 0 },
      { from: 20, to: 50, away: 0, home: 1 },
      { from: 50, to: null, away: 1, home: 1 },
    ]);
  });
});
