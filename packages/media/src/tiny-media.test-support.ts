import { locateFont } from './locate.js';
import type { Rendition } from './ladder.js';

/* What the real-ffmpeg tests render: tiny, so each takes seconds. */

export const TINY: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 300, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 120, audioKbps: 64 },
];

/** A synthetic game's picture at 25 fps, Wolves against Knights, no goals; override what differs. */
export function tinyPicture<T extends object>(overrides: T) {
  return {
    fps: 25,
    home: { code: 'WOL', color: '#1d4f91' },
    away: { code: 'KNI', color: '#c8102e' },
    goals: [] as { atSeconds: number; team: 'home' | 'away' }[],
    clockOffsetSeconds: 0,
    fontFile: locateFont(),
    ...overrides,
  };
}
