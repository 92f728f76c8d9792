import type { PrerollRow } from './prerolls.repository.js';

export interface PrerollTarget {
  eventCategoryId: number | null;
  locationId: number | null;
  stream: 'live' | 'vod';
  /**
   * The game's own choice from the console: 'none' runs no pre-roll, 'chosen' that one (whatever
   * its targeting says: the operator picked it for this game), 'auto' (the default) the rules.
   */
  choice?: { mode: 'auto' | 'none' | 'chosen'; prerollId: number | null };
}

/**
 * Pre-rolls that may run before this event: an empty category list or location means "any";
 * for_live / for_vod must match how the event is being watched (its stream status).
 */
export function eligiblePrerolls(
  prerolls: readonly PrerollRow[],
  target: PrerollTarget,
): PrerollRow[] {
  const choice = target.choice ?? { mode: 'auto', prerollId: null };
  if (choice.mode === 'none') return [];
  if (choice.mode === 'chosen') {
    const chosen = prerolls.find((p) => p.id === choice.prerollId);
    // A chosen pre-roll since deleted leaves the game to the channel's rules.
    if (chosen) return [chosen];
  }
  return prerolls.filter(
    (p) =>
      (target.stream === 'live' ? p.for_live : p.for_vod) &&
      (p.event_categories.length === 0 ||
        (target.eventCategoryId !== null && p.event_categories.includes(target.eventCategoryId))) &&
      (p.location_id === null || p.location_id === target.locationId),
  );
}

/** Weighted random choice: a pre-roll of weight 3 runs three times as often as one of weight 1. */
export function pickWeighted<T extends { weight: number }>(
  items: readonly T[],
  random: () => number = Math.random,
): T | undefined {
  const total = items.reduce((sum, item) => sum + Math.max(0, item.weight), 0);
  if (total <= 0) return undefined;
  let ticket = random() * total;
  for (const item of items) {
    ticket -= Math.max(0, item.weight);
    if (ticket < 0) return item;
  }
  return items.at(-1);
}
