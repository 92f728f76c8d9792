import { aacArgs, ffColor, h264Args, localPath, safeText } from './common.js';
import { crowdVolumeFilter } from './crowd.js';

export interface SyntheticTeam {
  code: string;
  /** #rrggbb */
  color: string;
}

export interface SyntheticPicture {
  width: number;
  height: number;
  fps: number;
  home: SyntheticTeam;
  away: SyntheticTeam;
  /** Game seconds at which a team scores; drives the scoreboard. */
  goals: { atSeconds: number; team: 'home' | 'away' }[];
  /** Game time at the first frame: a live encoder started mid-game shows the game's clock. */
  clockOffsetSeconds: number;
  /** Without a font the scoreboard is drawn with boxes and the clock is a sweeping bar. */
  fontFile?: string | undefined;
  /**
   * The running game clock; off in a live loop, whose picture repeats every few seconds and would
   * show the same minute over and over.
   */
  showClock?: boolean;
}

/** A clip rendered from a lavfi graph with [vout] and [aout] pads (a game, an ad). */
export interface SyntheticClipTask {
  kind: 'synthetic-clip';
  graph: string;
  fps: number;
  output: string;
  durationSeconds: number;
  videoKbps: number;
  keyframeSeconds: number;
}

export interface SponsorPicture {
  width: number;
  height: number;
  fps: number;
  title: string;
  /** #rrggbb */
  color: string;
  fontFile?: string | undefined;
}

/** A sponsor spot for the demo pre-rolls: brand colour, a moving product box, a title and a jingle. */
export function sponsorGraph(p: SponsorPicture): string {
  const { width: W, height: H, fps } = p;
  const box = { w: even(W / 4), h: even(H / 4) };
  const font = p.fontFile?.replace(/[\\':]/g, (c) => `\\${c}`);
  const texts = font
    ? [
        `drawtext=fontfile='${font}':text='${safeText(p.title, 32)}':x=(w-tw)/2:y=h*0.15:fontsize=${n(H / 9)}:fontcolor=white`,
        `drawtext=fontfile='${font}':text='Advertisement':x=w-tw-${n(H / 30)}:y=h-th-${n(H / 30)}:fontsize=${n(H / 24)}:fontcolor=white@0.8`,
      ]
    : [`drawbox=x=0:y=${n(H * 0.12)}:w=iw:h=${n(H / 10)}:color=white@0.6:t=fill`];
  return [
    `color=c=${ffColor(p.color)}:s=${W}x${H}:r=${fps}[bg]`,
    `testsrc2=s=${box.w}x${box.h}:r=${fps}[product]`,
    `[bg][product]overlay=x='(W-w)/2+${n(W / 4)}*sin(t*1.7)':y='(H-h)*0.62'[v1]`,
    `[v1]${[...texts, 'format=yuv420p'].join(',')}[vout]`,
    `sine=f=523:r=48000,volume=0.08[s1]`,
    `sine=f=659:r=48000,volume=0.06[s2]`,
    `[s1][s2]amix=inputs=2,aformat=sample_fmts=fltp:channel_layouts=stereo[aout]`,
  ].join(';');
}

interface ScoreSpan {
  from: number;
  to: number | null;
  away: number;
  home: number;
}

/** Score over game time: one span per goal, the last one open-ended. */
export function scoreSpans(goals: SyntheticPicture['goals']): ScoreSpan[] {
  const sorted = [...goals].sort((a, b) => a.atSeconds - b.atSeconds);
  const spans: ScoreSpan[] = [];
  let away = 0;
  let home = 0;
  let from = 0;
  for (const goal of sorted) {
    spans.push({ from, to: goal.atSeconds, away, home });
    if (goal.team === 'away') away += 1;
    else home += 1;
    from = goal.atSeconds;
  }
  spans.push({ from, to: null, away, home });
  return spans;
}

const n = (x: number) => String(Math.round(x));
/** Sizes of generated sources: even and at least 2, as 4:2:0 chroma needs. */
const even = (x: number) => Math.max(2, Math.round(x / 2) * 2);

/** Text overlays: scoreboard per score span and the game clock (mm:ss from the frame time). */
function textFilters(p: SyntheticPicture, bar: number): string[] {
  if (!p.fontFile) return [];
  const font = p.fontFile.replace(/[\\':]/g, (c) => `\\${c}`);
  const size = n(bar * 0.55);
  const y = n(bar * 0.22);
  const off = n(p.clockOffsetSeconds);
  const out: string[] = [];
  for (const span of scoreSpans(p.goals)) {
    const from = span.from - p.clockOffsetSeconds;
    const to = span.to === null ? null : span.to - p.clockOffsetSeconds;
    if (to !== null && to <= 0) continue;
    const text = safeText(`${p.away.code} ${span.away} - ${span.home} ${p.home.code}`, 40);
    const enable =
      to === null
        ? `gte(t,${from.toFixed(2)})`
        : `gte(t,${from.toFixed(2)})*lt(t,${to.toFixed(2)})`;
    out.push(
      `drawtext=fontfile='${font}':text='${text}':x=${n(bar * 1.4)}:y=${y}:fontsize=${size}:fontcolor=white:enable='${enable}'`,
    );
  }
  if (p.showClock === false) return out;
  const clock = `%{eif\\:trunc((t+${off})/60)\\:d\\:2}\\:%{eif\\:mod(trunc(t+${off}),60)\\:d\\:2}`;
  out.push(
    `drawtext=fontfile='${font}':text='${clock}':x=w-tw-${n(bar * 0.4)}:y=${y}:fontsize=${size}:fontcolor=0xffd400`,
  );
  return out;
}

/** A roar 3 s long, 14-18 dB over the crowd, from each goal (on the clip's clock). */
function goalRoars(p: SyntheticPicture) {
  return p.goals.map((g, i) => ({
    atSeconds: g.atSeconds - p.clockOffsetSeconds,
    seconds: 3,
    gainDb: 14 + ((i * 7) % 5),
  }));
}

/**
 * A synthetic hockey game: a rink with a moving puck and two players in team colours, a scoreboard
 * and a running game clock, with crowd-like noise and a low tone. Every source is generated by
 * lavfi, so no input file or network is involved. Nothing is drawn along the bottom edge, where
 * the player's controls sit (a test-pattern inset there looked like a broken picture to viewers).
 * Outputs the pads [vout] and [aout].
 */
export function syntheticGraph(p: SyntheticPicture): string {
  const { width: W, height: H, fps } = p;
  const bar = Math.round(H * 0.1);
  const puck = even(Math.max(6, H / 32));
  const player = { w: even(W / 40), h: even(H / 12) };
  const off = p.clockOffsetSeconds.toFixed(2);
  const path = (lag: number, ax: number, ay: number) =>
    `x='(W-w)/2+${n(W * ax)}*sin((t+${off}-${lag})*1.3)':y='(H-h)/2+${n(H * ay)}*sin((t+${off}-${lag})*2.1)'`;
  const rink = [
    `color=c=0xe8f0f7:s=${W}x${H}:r=${fps}`,
    `drawbox=x=${n(W / 2 - 4)}:y=0:w=8:h=${H}:color=0xc8102e:t=fill`,
    `drawbox=x=${n(W * 0.3)}:y=0:w=6:h=${H}:color=0x1d4f91:t=fill`,
    `drawbox=x=${n(W * 0.7)}:y=0:w=6:h=${H}:color=0x1d4f91:t=fill`,
  ].join(',');
  const video = [
    `${rink}[rink]`,
    `color=c=0x111111:s=${puck}x${puck}:r=${fps}[puck]`,
    `color=c=${ffColor(p.away.color)}:s=${player.w}x${player.h}:r=${fps}[pa]`,
    `color=c=${ffColor(p.home.color, '0xc8102e')}:s=${player.w}x${player.h}:r=${fps}[ph]`,
    `[rink][puck]overlay=${path(0, 0.38, 0.32)}:shortest=1[r1]`,
    `[r1][pa]overlay=${path(0.5, 0.36, 0.3)}[r2]`,
    `[r2][ph]overlay=${path(1.1, 0.34, 0.28)}[r3]`,
  ];
  const board = [
    `drawbox=x=0:y=0:w=iw:h=${bar}:color=black@0.75:t=fill`,
    `drawbox=x=${n(bar * 0.3)}:y=${n(bar * 0.2)}:w=${n(bar * 0.45)}:h=${n(bar * 0.6)}:color=${ffColor(p.away.color)}:t=fill`,
    `drawbox=x=${n(bar * 0.8)}:y=${n(bar * 0.2)}:w=${n(bar * 0.45)}:h=${n(bar * 0.6)}:color=${ffColor(p.home.color, '0xc8102e')}:t=fill`,
    ...textFilters(p, bar),
  ];
  if (!p.fontFile && p.showClock !== false) {
    // No font: the clock is a bar sweeping once per game minute under the scoreboard.
    video.push(`color=c=0xffd400:s=${W}x${even(bar * 0.1)}:r=${fps}[clk]`);
    video.push(`[r3][clk]overlay=x='-w+mod(t+${off},60)/60*w':y=${bar}[r4]`);
  }
  const last = p.fontFile || p.showClock === false ? 'r3' : 'r4';
  video.push(`[${last}]${board.join(',')},format=yuv420p[vout]`);
  // The crowd roars at each goal (issue 35: the key moments' detector finds them).
  const roars = crowdVolumeFilter(goalRoars(p));
  const audio = [
    `anoisesrc=c=pink:r=48000:a=0.05${roars ? `,${roars}` : ''}[crowd]`,
    'sine=f=196:r=48000,volume=0.05[tone]',
    `[crowd][tone]amix=inputs=2,aformat=sample_fmts=fltp:channel_layouts=stereo[aout]`,
  ];
  return [...video, ...audio].join(';');
}

/** A rendered synthetic clip as an MP4 file (a demo game stands in for an uploaded recording). */
export function syntheticClipArgs(t: SyntheticClipTask): string[] {
  return [
    '-y',
    '-filter_complex',
    t.graph,
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-t',
    t.durationSeconds.toFixed(3),
    ...h264Args({
      preset: 'veryfast',
      kbps: t.videoKbps,
      keyframeSeconds: t.keyframeSeconds,
      fps: t.fps,
    }),
    ...aacArgs(128),
    '-movflags',
    '+faststart',
    localPath(t.output),
  ];
}
