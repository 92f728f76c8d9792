import { MOMENT_LIMITS } from '@rudy/contracts';
import type { SeekRange } from '../../../components/player-tool';

/**
 * The stretch a clip of a moment starts with: a few seconds of the build-up before it and the
 * celebration after, kept within the video (the viewer may still move both ends).
 */
export function momentClipRange(atSeconds: number, durationSeconds: number | null): SeekRange {
  const start = Math.max(0, atSeconds - MOMENT_LIMITS.clipLeadSeconds);
  const end = start + MOMENT_LIMITS.clipSeconds;
  if (durationSeconds === null || end <= durationSeconds) return { start, end };
  return { start: Math.max(0, durationSeconds - MOMENT_LIMITS.clipSeconds), end: durationSeconds };
}
