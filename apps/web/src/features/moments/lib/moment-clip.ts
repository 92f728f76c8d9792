import { MOMENT_LIMITS } from '@rudy/contracts';
import type { SeekRange } from '../../../components/player-tool';

/**
 * The stretch a clip of a moment starts with, on the player's clock (`at`: where the player has
 * the moment, momentPlayerTime): a few seconds of the build-up before it and the celebration
 * after. The player keeps it on its seek bar (a replay's ends, a live game's DVR window and what
 * is recorded so far); the viewer may still move both ends.
 */
export function momentClipRange(at: number): SeekRange {
  const start = Math.max(0, at - MOMENT_LIMITS.clipLeadSeconds);
  return { start, end: start + MOMENT_LIMITS.clipSeconds };
}
