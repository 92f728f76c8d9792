import { useMemo, useRef } from 'react';
import type { Playback } from '@rudy/contracts';
import type { PlayerMark, PlayerRemote } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { useMoments } from '../api/get-moments';
import { momentName } from '../components/key-moments';

/**
 * A game's key moments for its watch page: the list's props and the seek bar's ticks. Ticks are
 * the replay's only: a live player's clock does not start at the recording's start.
 */
export function useKeyMoments(eventId: number, playback: Playback | undefined) {
  const { t } = useT();
  const stream = playback?.stream ?? null;
  const isLive = stream?.kind === 'live';
  const moments = useMoments(eventId, isLive).data?.moments;
  const remote = useRef<PlayerRemote | null>(null);
  const marks = useMemo<PlayerMark[]>(
    () =>
      isLive || !moments
        ? []
        : moments.map((m) => ({ seconds: m.at_seconds, label: momentName(m, t) })),
    [moments, isLive, t],
  );
  return {
    marks,
    remote,
    list: {
      moments: moments ?? [],
      isLive,
      durationSeconds: stream?.duration_seconds ?? null,
      remote,
      canClip: stream !== null && !stream.is_external,
    },
  };
}
