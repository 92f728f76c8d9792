/**
 * The control bar's icons as inline SVG: text glyphs (emoji speakers, ⧉) depend on the viewer's
 * fonts and showed as empty boxes where none has them.
 */
export type PlayerIconName =
  | 'play'
  | 'pause'
  | 'volume'
  | 'muted'
  | 'pip'
  | 'fullscreen'
  | 'exitFullscreen'
  | 'scissors'
  | 'airplay'
  | 'cast';

const PATHS: Record<PlayerIconName, string> = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6 4.5h4v15H6zM14 4.5h4v15h-4z',
  volume:
    'M4 9v6h4l5 4.5V4.5L8 9zM16 8.2a5 5 0 0 1 0 7.6l-1.2-1.4a3.2 3.2 0 0 0 0-4.8zM18.3 5.6a8.6 8.6 0 0 1 0 12.8l-1.2-1.3a6.8 6.8 0 0 0 0-10.2z',
  muted:
    'M4 9v6h4l5 4.5V4.5L8 9zM15.6 9.4l1.3-1.3 2.1 2.1 2.1-2.1 1.3 1.3-2.1 2.1 2.1 2.1-1.3 1.3-2.1-2.1-2.1 2.1-1.3-1.3 2.1-2.1z',
  pip: 'M3 5h18v14H3zm2 2v10h14V7zm6 4h7v5h-7z',
  airplay:
    'M6 22h12l-6-6zM21 3H3a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4v-2H3V5h18v12h-4v2h4a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z',
  cast: 'M1 18v3h3a3 3 0 0 0-3-3zm0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7zm0-4v2a9 9 0 0 1 9 9h2A11 11 0 0 0 1 10zm20-7H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z',
  fullscreen: 'M4 4h6v2H6v4H4zM14 4h6v6h-2V6h-4zM4 14h2v4h4v2H4zM18 14h2v6h-6v-2h4z',
  exitFullscreen: 'M8 4h2v6H4V8h4zM14 4h2v4h4v2h-6zM4 14h6v6H8v-4H4zM14 14h6v2h-4v4h-2z',
  // Two rings and two crossed blades; evenodd leaves the rings' holes and the pivot open.
  scissors:
    'M6 3a3 3 0 1 0 0 6a3 3 0 1 0 0-6zM6 4.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zM6 15a3 3 0 1 0 0 6a3 3 0 1 0 0-6zM6 16.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zM7.5 8.9L19.3 20.7L20.7 19.3L8.9 7.5zM8.9 16.5L20.7 4.7L19.3 3.3L7.5 15.1z',
};

export function PlayerIcon({ name }: { name: PlayerIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
