import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusMessage } from '../../../components/ui/status-message';
import { useProfile } from '../../../features/auth/api/get-profile';
import { FavoriteEvents } from '../../../features/events/components/favorite-events';
import { locationNames } from '../../../features/events/lib/event-display';
import { FavoritesSummary } from '../../../features/favorites/components/favorites-summary';
import { FollowDirectory } from '../../../features/favorites/components/follow-directory';
import { participantsQueryOptions } from '../../../features/participants/api/get-participants';
import { teamFacts } from '../../../features/participants/lib/banner-subjects';
import { useT } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { useGenderLabel, useListingData } from '../events/use-listing-data';
import styles from './favorites.module.css';
import { TeamFavorites } from './team-favorites';

export function loader() {
  void queryClient.query(participantsQueryOptions()).catch(() => undefined);
  return null;
}

/** "My favourites": the user's teams, schools and sports, their games, and everything to follow. */
export function Component() {
  const { t } = useT();
  const { data: user } = useProfile();
  const { data } = useListingData();
  const title = t('favorites:favorites.title');
  const returnTo = new URLSearchParams({ return_to: '/favorites' }).toString();
  const genderLabel = useGenderLabel();

  return (
    <TeamFavorites>
      <div className="page-container">
        <title>{title}</title>
        <PageHeader title={title} subtitle={t('favorites:favorites.subtitle')} />
        {user ? (
          <>
            <FavoritesSummary userId={user.id} />
            <section className={styles.section} aria-labelledby="favorite-games">
              <h2 id="favorite-games" className={styles.heading}>
                {t('favorites:favorites.games')}
              </h2>
              <FavoriteEvents userId={user.id} locations={locationNames(data.locations)} />
            </section>
          </>
        ) : (
          <StatusMessage
            tone="info"
            title={t('favorites:favorites.signedOutTitle')}
            description={t('favorites:favorites.signedOutText')}
            action={
              <div className={styles.actions}>
                <ButtonLink to={`/login?${returnTo}`}>{t('favorites:prompt.login')}</ButtonLink>
                <ButtonLink to={`/registration?${returnTo}`} variant="secondary">
                  {t('favorites:prompt.register')}
                </ButtonLink>
              </div>
            }
          />
        )}
        <section className={styles.section} aria-label={t('favorites:directory.title')}>
          <FollowDirectory
            schools={data.groups}
            teams={data.teams}
            sports={data.categories}
            userId={user?.id ?? null}
            describeTeam={(team) => teamFacts(team, genderLabel).join(' · ')}
          />
        </section>
      </div>
    </TeamFavorites>
  );
}
