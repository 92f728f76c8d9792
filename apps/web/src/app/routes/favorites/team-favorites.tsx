import type { ReactNode } from 'react';
import { TeamActionProvider } from '../../../components/team-action-slot';
import { useProfile } from '../../../features/auth/api/get-profile';
import { FavoriteToggle } from '../../../features/favorites/components/favorite-toggle';

/** Puts a favourite star beside every team of every event card below it. */
export function TeamFavorites({ children }: { children: ReactNode }) {
  const { data: user } = useProfile();
  const userId = user?.id ?? null;
  return (
    <TeamActionProvider
      render={(team) => (
        <FavoriteToggle
          subject={{ type: 'participant', id: team.id, name: team.name }}
          userId={userId}
        />
      )}
    >
      {children}
    </TeamActionProvider>
  );
}
