import { useEffect } from 'react';
import type { PlayerRemote } from '../../../components/player-tool';

/** Lends the player's commands to the page while the player is there (see PlayerRemote). */
export function usePlayerRemote(
  remoteRef: { current: PlayerRemote | null } | null,
  commands: PlayerRemote,
) {
  const { seekTo, openToolWith } = commands;
  useEffect(() => {
    if (!remoteRef) return undefined;
    remoteRef.current = { seekTo, openToolWith };
    return () => {
      remoteRef.current = null;
    };
  }, [remoteRef, seekTo, openToolWith]);
}
