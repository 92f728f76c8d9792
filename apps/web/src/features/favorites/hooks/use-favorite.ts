import type { Favorite, FavoriteDeleted, FavoritableType } from '@rudy/contracts';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { addFavorite } from '../api/add-favorite';
import { favoritesQueryOptions, useFavorites } from '../api/get-favorites';
import { removeFavorite } from '../api/remove-favorite';

export interface FavoriteSubject {
  type: FavoritableType;
  id: number;
  name: string;
}

type Change = { add: true } | { add: false; favorite: Favorite };

/**
 * Whether a team, school or sport is a favourite, and a toggle that shows the new state at once
 * and puts the old one back if the server says no. Every star for the same subject on the page
 * reads the same cached list, so they all change together.
 */
export function useFavorite(subject: FavoriteSubject, userId: number | null) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const listKey = favoritesQueryOptions(userId).queryKey;
  const favorites = useFavorites(userId);
  const current = favorites.data?.find(
    (f) => f.favoritable_type === subject.type && f.favoritable_id === subject.id,
  );
  const mutationKey = ['favorites', 'change', subject.type, subject.id];
  const pending = useIsMutating({ mutationKey }) > 0;

  const mutation = useMutation({
    mutationKey,
    mutationFn: (change: Change): Promise<Favorite | FavoriteDeleted> =>
      change.add
        ? addFavorite({ favoritable_id: subject.id, favoritable_type: subject.type })
        : removeFavorite(change.favorite.id),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, (list = []) =>
        change.add ? [...list, placeholder(subject)] : list.filter((f) => f !== change.favorite),
      );
      return { before };
    },
    onSuccess: (result, change) => {
      if (!change.add || !('favoritable_type' in result)) return;
      // Swap the stand-in for the stored favourite, whose id a later removal needs.
      queryClient.setQueryData(listKey, (list = []) =>
        list.map((f) =>
          f.id < 0 && f.favoritable_id === subject.id && f.favoritable_type === subject.type
            ? result
            : f,
        ),
      );
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData(listKey, context?.before);
      const signedOut = isApiError(error) && error.status === 401;
      showToast({
        type: 'error',
        message: signedOut ? t('favorites:favorite.signedOut') : t('favorites:favorite.error'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events', 'favorite'] }),
  });

  return {
    isFavorite: current !== undefined,
    isPending: pending || (userId !== null && favorites.isPending),
    toggle: () => {
      if (userId === null || pending) return;
      mutation.mutate(current ? { add: false, favorite: current } : { add: true });
    },
  };
}

/** Shown until the server answers; a negative id never reaches the API. */
function placeholder(subject: FavoriteSubject): Favorite {
  return {
    id: -subject.id,
    favoritable_id: subject.id,
    favoritable_type: subject.type,
    name: subject.name,
    short_name: null,
    logo: null,
    created_at: new Date().toISOString(),
  };
}
