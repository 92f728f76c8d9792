import type { AdminGame, AdminGameInput, AdminGamesPage } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { saveItem } from '../../shared/api/save-item';

export type GameWindow = 'upcoming' | 'past';

/** Games per page of the console's schedule. */
export const GAMES_PAGE = 25;

/** GET /admin/games: a page of the schedule, games not yet over or over. */
export function gamesQueryOptions(when: GameWindow, offset: number) {
  return queryOptions({
    queryKey: ['admin', 'games', when, offset],
    queryFn: ({ signal }) =>
      apiClient.get<AdminGamesPage>('/admin/games', {
        query: { when, offset, limit: GAMES_PAGE },
        signal,
      }),
  });
}
export const useGames = (when: GameWindow, offset: number) =>
  useQuery(gamesQueryOptions(when, offset));

/** POST /admin/games (new) or PATCH /admin/games/:id. */
export const saveGame = (id: number | null, body: AdminGameInput) =>
  saveItem<AdminGame>('/admin/games', id, body);

/** DELETE /admin/games/:id (refused with in_use once sold or clipped). */
export function deleteGame(id: number): Promise<unknown> {
  return apiClient.delete(`/admin/games/${id}`);
}

/** GET /admin/games/:id: one game as the edit screen opens it (the route holds its id). */
export const useGame = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'games', 'one', id],
    queryFn: ({ signal }) => apiClient.get<AdminGame>(`/admin/games/${id}`, { signal }),
    enabled: id !== null,
  });
