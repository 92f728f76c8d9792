import type { SyntheticPicture } from '@rudy/media';
import type { GameRow } from './media-jobs.repository.js';

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
    fps: 25,
    home: { code: game.home?.short_name ?? 'HOME', color: game.home?.color ?? '#1d4f91' },
    away: { code: game.away?.short_name ?? 'AWAY', color: game.away?.color ?? '#c8102e' },
    goals: demoGoals(game.id, opts.gameSeconds),
    clockOffsetSeconds: opts.clockOffsetSeconds,
    fontFile: opts.fontFile,
  };
}
