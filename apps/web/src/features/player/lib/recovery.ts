/** Fatal hls.js errors tried again this many times per kind before the viewer sees the error. */
export const MAX_RECOVERIES = 3;

export type FatalKind = 'network' | 'media' | 'other';
export type RecoveryAction = 'reload' | 'recover-media' | 'give-up';

export interface RecoveryCounts {
  network: number;
  media: number;
}

/**
 * What to do about a fatal playback error: reload the stream after a network error (startLoad),
 * rebuild the decoder after a media error (recoverMediaError), each a few times; anything else, or
 * one time too many, ends in the player error.
 */
export function nextRecovery(
  kind: FatalKind,
  counts: RecoveryCounts,
): { action: RecoveryAction; counts: RecoveryCounts } {
  if (kind === 'network' && counts.network < MAX_RECOVERIES) {
    return { action: 'reload', counts: { ...counts, network: counts.network + 1 } };
  }
  if (kind === 'media' && counts.media < MAX_RECOVERIES) {
    return { action: 'recover-media', counts: { ...counts, media: counts.media + 1 } };
  }
  return { action: 'give-up', counts };
}
