/** Arrow keys move this far in the video and in volume. */
export const SEEK_STEP_S = 5;
export const VOLUME_STEP = 0.1;

export type PlayerCommand =
  | { type: 'toggle-play' }
  | { type: 'fullscreen' }
  | { type: 'mute' }
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  /** While a tool marks a stretch (the clip cutter): its start (I) or end (O) at the playhead. */
  | { type: 'mark'; edge: 'start' | 'end' };

/** The usual video-site shortcuts (space/k, f, m, arrows, editors' i/o); null for other keys. */
export function commandForKey(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): PlayerCommand | null {
  // Browser and system shortcuts (Ctrl+F, Cmd+M...) keep their meaning.
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'toggle-play' };
    case 'f':
    case 'F':
      return { type: 'fullscreen' };
    case 'm':
    case 'M':
      return { type: 'mute' };
    case 'i':
    case 'I':
      return { type: 'mark', edge: 'start' };
    case 'o':
    case 'O':
      return { type: 'mark', edge: 'end' };
    case 'ArrowLeft':
      return { type: 'seek', by: -SEEK_STEP_S };
    case 'ArrowRight':
      return { type: 'seek', by: SEEK_STEP_S };
    case 'ArrowUp':
      return { type: 'volume', by: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume', by: -VOLUME_STEP };
    default:
      return null;
  }
}
