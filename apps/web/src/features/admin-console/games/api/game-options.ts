import type { AdminGameOptions } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/games/options: teams, sports, rinks, the channel's zone and currency. */
export const useGameOptions = () =>
  useQuery({
    queryKey: ['admin', 'games', 'options'],
    queryFn: ({ signal }) => apiClient.get<AdminGameOptions>('/admin/games/options', { signal }),
  });
