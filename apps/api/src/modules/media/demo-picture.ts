import type { SyntheticPicture } from '@rudy/media';
import type { GameRow } from './media-jobs.repository.js';

/**
 * The demo's synthetic pictures (replays, live loops, library videos, sponsor spots) are drawn at
 * 12.5 fps, half of PAL's 25: a flat rink with a puck moving at a few hundred pixels a second
 * still reads as motion, and every frame drawn and encoded costs CPU on a fresh start, which
 * renders every demo game (issue 28 item 6: all 15 replays playable within 3 minutes on a quiet
 * 2-core machine, one core at most; see docs/decisions.md). Uploads keep their own rate.
 */
export const DEMO_FPS = 12.5;

/** A small deterministic generator: the same game always gets the same goals. */
function seeded(seed: number) {
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Two to six goals spread over the game, alternating sides by chance. */
export function demoGoals(eventId: number, gameSeconds: number): SyntheticPicture['goals'] {
  const random = seeded(eventId);
  const count = 2 + Math.floor(random() * 5);
  return Array.from({ length: count }, () => ({
    atSeconds: Math.round(random() * gameSeconds * 0.95) + 1,
    team: random() < 0.5 ? ('home' as const) : ('away' as const),
  }));
}

/** The synthetic picture of a demo game: its teams' short names and colours. */
export function demoPicture(
  game: GameRow,
  opts: { gameSeconds: number; clockOffsetSeconds: number; fontFile: string | undefined },
): Omit<SyntheticPicture, 'width' | 'height'> {
  return {
    fps: DEMO_FPS,
    home: { code: game.home?.short_name ?? 'HOME', color: game.home?.color ?? '#1d4f91' },
    away: { code: game.away?.short_name ?? 'AWAY', color: game.away?.color ?? '#c8102e' },
    goals: demoGoals(game.id, opts.gameSeconds),
    clockOffsetSeconds: opts.clockOffsetSeconds,
    fontFile: opts.fontFile,
  };
}
