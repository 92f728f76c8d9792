/** A stretch of crowd noise made louder: a roar at a goal, or a benchmark's planted burst. */
export interface CrowdBurst {
  atSeconds: number;
  seconds: number;
  /** How much louder than the steady crowd, dB. */
  gainDb: number;
}

/** Rise and fall of a burst: a crowd swells in a fraction of a second, not in one sample. */
const RAMP_SECONDS = 0.3;

const num = (v: number) => Number(v.toFixed(3)).toString();

/**
 * A `volume` filter that leaves the crowd as it is outside the bursts and raises it by each
 * burst's gain inside, with short ramps; evaluated per audio frame (about 21 ms), which costs
 * nothing next to the noise source. Bursts before `t = 0` are dropped. Without bursts: null.
 */
export function crowdVolumeFilter(bursts: readonly CrowdBurst[]): string | null {
  const terms = bursts
    .filter((b) => b.atSeconds + b.seconds > 0 && b.seconds > 0)
    .map((b) => {
      const extra = 10 ** (b.gainDb / 20) - 1;
      const up = `clip((t-${num(b.atSeconds)})/${RAMP_SECONDS},0,1)`;
      const down = `clip((${num(b.atSeconds + b.seconds)}-t)/${RAMP_SECONDS},0,1)`;
      return `${num(extra)}*${up}*${down}`;
    });
  if (terms.length === 0) return null;
  return `volume='1+${terms.join('+')}':eval=frame`;
}

/**
 * Steady crowd noise (pink noise at a fixed level) with bursts, as a lavfi source graph ending in
 * [aout]: the demo's replays and the moments benchmark's test audio.
 */
export function crowdAudioGraph(o: { bursts: readonly CrowdBurst[]; seed?: number }): string {
  const volume = crowdVolumeFilter(o.bursts);
  const noise = `anoisesrc=c=pink:r=48000:a=0.05${o.seed !== undefined ? `:seed=${o.seed}` : ''}`;
  return `${noise}${volume ? `,${volume}` : ''},aformat=sample_fmts=fltp:channel_layouts=stereo[aout]`;
}
