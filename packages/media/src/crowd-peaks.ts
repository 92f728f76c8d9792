/**
 * Crowd loudness peaks (issue 35): where the momentary loudness (EBU R128, 400 ms windows, one
 * value per 100 ms from ffmpeg's ebur128 filter) rises well above the game's own running baseline
 * and stays there. The baseline is the median of the trailing window, so it follows a crowd that
 * grows louder through a game, ignores the peaks themselves (they are a small share of the
 * window) and needs nothing ahead of the present: the same finder runs on a replay and, fed as the
 * audio arrives, on a live game.
 */

export interface LoudnessSample {
  /** Seconds of the recording. */
  t: number;
  /** Momentary loudness, LUFS (ffmpeg says -120.7 for digital silence). */
  m: number;
}

export interface CrowdPeak {
  /** When the crowd rose past the threshold (seconds of the recording). */
  t: number;
  /** The loudest excess over the baseline during the peak, LU. */
  excessLu: number;
  /** How long it stayed above the threshold, seconds. */
  seconds: number;
  /** 0..1: how far the peak stood out (the threshold is 0.35, 20 LU or more is 1). */
  confidence: number;
}

export interface PeakFinderOptions {
  /** The trailing window the baseline is the median of. */
  baselineSeconds: number;
  /** How far above the baseline counts as loud. */
  thresholdLu: number;
  /** How long it must stay loud (a shout or a whistle is shorter). */
  minSeconds: number;
  /** A dip under the threshold shorter than this does not end a peak. */
  gapSeconds: number;
  /** Two peaks closer than this are one moment (the louder one's confidence). */
  spacingSeconds: number;
  /** No baseline yet before this much audio has been heard. */
  warmupSeconds: number;
  /** A baseline under this is silence (no crowd microphone): nothing stands out against it. */
  floorLufs: number;
}

export const PEAK_FINDER_DEFAULTS: PeakFinderOptions = {
  baselineSeconds: 30,
  thresholdLu: 7,
  minSeconds: 1,
  gapSeconds: 0.4,
  spacingSeconds: 8,
  warmupSeconds: 5,
  floorLufs: -70,
};

/** The baseline is recomputed this often: a median per 100 ms sample would cost 10× for nothing. */
const BASELINE_EVERY_SECONDS = 1;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function confidenceOf(excessLu: number, thresholdLu: number): number {
  const share = 0.35 + (0.65 * (excessLu - thresholdLu)) / Math.max(1, 20 - thresholdLu);
  return Math.round(Math.min(1, Math.max(0, share)) * 100) / 100;
}

/**
 * A finder fed samples in time order: `push` returns the peaks it has settled (a peak is settled
 * once it ended and the spacing after it passed), `flush` the rest at the end of the audio.
 */
export function createPeakFinder(options: Partial<PeakFinderOptions> = {}) {
  const o = { ...PEAK_FINDER_DEFAULTS, ...options };
  const window: LoudnessSample[] = [];
  let baseline: number | null = null;
  let baselineAt = -Infinity;
  let firstT: number | null = null;
  // The loud run in progress: its start, last loud sample and loudest excess.
  let run: { start: number; lastLoud: number; peak: number } | null = null;
  // A finished peak held back until the spacing after it has passed (a louder one may follow).
  let held: CrowdPeak | null = null;

  const settle = (now: number): CrowdPeak[] => {
    // A loud run that began within the spacing may still merge into the held peak.
    const merging = run !== null && held !== null && run.start - held.t < o.spacingSeconds;
    if (held && !merging && now - held.t >= o.spacingSeconds) {
      const out = held;
      held = null;
      return [out];
    }
    return [];
  };

  const endRun = (): CrowdPeak[] => {
    if (!run) return [];
    const seconds = run.lastLoud - run.start + 0.1;
    const ended = run;
    run = null;
    if (seconds < o.minSeconds) return [];
    const peak: CrowdPeak = {
      t: Math.round(ended.start * 10) / 10,
      excessLu: Math.round(ended.peak * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      confidence: confidenceOf(ended.peak, o.thresholdLu),
    };
    if (held && peak.t - held.t < o.spacingSeconds) {
      // One moment: the first onset, the louder excess.
      if (peak.excessLu > held.excessLu) {
        held = { ...held, excessLu: peak.excessLu, confidence: peak.confidence };
      }
      return [];
    }
    const out = held ? [held] : [];
    held = peak;
    return out;
  };

  return {
    push(sample: LoudnessSample): CrowdPeak[] {
      const out: CrowdPeak[] = [];
      firstT ??= sample.t;
      // The baseline is the crowd before this sample, never the sample's own burst.
      if (sample.t - baselineAt >= BASELINE_EVERY_SECONDS && window.length > 0) {
        baseline = median(window.map((s) => s.m));
        baselineAt = sample.t;
      }
      const warm = sample.t - firstT >= o.warmupSeconds;
      const excess =
        warm && baseline !== null && baseline > o.floorLufs ? sample.m - baseline : -Infinity;
      if (excess >= o.thresholdLu) {
        if (run && sample.t - run.lastLoud <= o.gapSeconds + 0.1) {
          run.lastLoud = sample.t;
          run.peak = Math.max(run.peak, excess);
        } else {
          out.push(...endRun());
          run = { start: sample.t, lastLoud: sample.t, peak: excess };
        }
      } else if (run && sample.t - run.lastLoud > o.gapSeconds + 0.1) {
        out.push(...endRun());
      }
      out.push(...settle(sample.t));
      window.push(sample);
      while (window.length > 0 && sample.t - (window[0]?.t ?? 0) > o.baselineSeconds) {
        window.shift();
      }
      return out;
    },
    flush(): CrowdPeak[] {
      const out = endRun();
      if (held) out.push(held);
      held = null;
      return out;
    },
  };
}

/** Every peak of a whole recording's loudness. */
export function findCrowdPeaks(
  samples: Iterable<LoudnessSample>,
  options: Partial<PeakFinderOptions> = {},
): CrowdPeak[] {
  const finder = createPeakFinder(options);
  const out: CrowdPeak[] = [];
  for (const s of samples) out.push(...finder.push(s));
  out.push(...finder.flush());
  return out;
}
