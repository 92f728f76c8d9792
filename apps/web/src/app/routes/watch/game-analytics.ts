import type { BootstrapData, Event, Participant } from '@rudy/contracts';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { useParticipants } from '../../../features/participants/api/get-participants';
import type { VideoMeta } from '../../../lib/analytics';

/**
 * What analytics files a game's watch time under: its category, and its home team's sport,
 * gender, school and league (the away team's when the home one is unknown).
 */
export function gameAnalyticsMeta(
  game: Event,
  participants: readonly Participant[],
  bootstrap: BootstrapData | undefined,
): VideoMeta {
  const ids = [game.home_participant_id, ...game.participants.map((p) => p.id)];
  const team = ids
    .map((id) => participants.find((p) => p.id === id))
    .find((p): p is Participant => p !== undefined);
  const category = bootstrap?.['events-categories'].find((c) => c.id === game.event_category_id);
  const school = bootstrap?.['participant-groups'].find((g) => g.id === team?.participant_group_id);
  return {
    category: category?.name ?? null,
    sport: team?.properties.sport ?? null,
    gender: team?.properties.gender ?? null,
    school: school?.name ?? null,
    league: team?.properties.league ?? team?.properties.division ?? null,
  };
}

/** The meta of the game on screen, once the game and the channel's teams are known. */
export function useGameAnalytics(game: Event | undefined): VideoMeta | undefined {
  const participants = useParticipants().data;
  const bootstrap = useBootstrap().data;
  return game ? gameAnalyticsMeta(game, participants ?? [], bootstrap) : undefined;
}
