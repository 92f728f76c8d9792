import { useEffect } from 'react';
import type { PlayerRemote } from '../../../components/player-tool';

/** Lends the player's commands to the page while the player is there (see PlayerRemote). */
export function usePlayerRemote(
  remote: { current: PlayerRemote | null } | null,
  commands: PlayerRemote,
) {
  const { seekTo, openToolWith } = commands;
  useEffect(() => {
    if (!remote) return undefined;
    remote.current = { seekTo, openToolWith };
    return () => {
      remote.current = null;
    };
  }, [remote, seekTo, openToolWith]);
}
