import { useCallback, useMemo, useRef, useState } from 'react';
import type { Moment, Playback } from '@rudy/contracts';
import type { PlayerMark, PlayerRemote } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { useMoments } from '../api/get-moments';
import { momentName } from '../components/key-moments';
import { momentPlayerTime } from '../lib/moment-place';

/**
 * A game's key moments for its watch page: the list's props, the seek bar's ticks, and the
 * listener the player tells its clock to. Moments are seconds of the recording; a live player's
 * clock starts at the DVR window it first loaded, so live they are placed with the player's offset
 * (momentPlayerTime), the latest playback answer's window start bounding what can be reached.
 */
export function useKeyMoments(eventId: number, playback: Playback | undefined) {
  const { t } = useT();
  const stream = playback?.stream ?? null;
  const isLive = stream?.kind === 'live';
  const moments = useMoments(eventId, isLive).data?.moments;
  const remote = useRef<PlayerRemote | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const playerTime = useCallback(
    (moment: Moment) => momentPlayerTime(moment.at_seconds, stream, offset),
    [stream, offset],
  );
  const marks = useMemo<PlayerMark[]>(
    () =>
      (moments ?? []).flatMap((m) => {
        const seconds = playerTime(m);
        return seconds === null ? [] : [{ seconds, label: momentName(m, t) }];
      }),
    [moments, playerTime, t],
  );
  return {
    marks,
    remote,
    onRecordingOffset: setOffset,
    list: {
      moments: moments ?? [],
      isLive,
      playerTime,
      remote,
      canClip: stream !== null && !stream.is_external,
    },
  };
}
