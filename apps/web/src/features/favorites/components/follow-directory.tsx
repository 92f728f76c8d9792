import type { EventCategory, Participant, ParticipantGroup } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { FavoriteToggle } from './favorite-toggle';
import styles from './follow-directory.module.css';

/** Every school with its teams, and every sport: each opens its games and can be starred. */
export function FollowDirectory({
  schools,
  teams,
  sports,
  userId,
  describeTeam,
}: {
  schools: ParticipantGroup[];
  teams: Participant[];
  sports: EventCategory[];
  userId: number | null;
  describeTeam: (team: Participant) => string;
}) {
  const { t } = useT();
  const sortedSchools = [...schools].sort((a, b) => a.name.localeCompare(b.name));
  const teamsOf = (id: number | null) =>
    teams
      .filter((team) => team.participant_group_id === id)
      .sort((a, b) => a.name.localeCompare(b.name));
  const unattached = teamsOf(null);

  return (
    <div className={styles.directory}>
      <section aria-labelledby="directory-schools">
        <h2 id="directory-schools" className={styles.heading}>
          {t('favorites:directory.schools')}
        </h2>
        <ul className={styles.schools}>
          {sortedSchools.map((school) => (
            <li key={school.id} className={styles.school}>
              <Row
                to={`/schedule?group=${school.id}`}
                image={school.image}
                name={school.name}
                action={
                  <FavoriteToggle
                    subject={{ type: 'participant_group', id: school.id, name: school.name }}
                    userId={userId}
                  />
                }
                isStrong
              />
              <TeamRows teams={teamsOf(school.id)} userId={userId} describeTeam={describeTeam} />
            </li>
          ))}
          {unattached.length > 0 ? (
            <li className={styles.school}>
              <TeamRows teams={unattached} userId={userId} describeTeam={describeTeam} />
            </li>
          ) : null}
        </ul>
      </section>
      {sports.length > 0 ? (
        <section aria-labelledby="directory-sports">
          <h2 id="directory-sports" className={styles.heading}>
            {t('favorites:directory.sports')}
          </h2>
          <ul className={styles.sports}>
            {[...sports]
              .sort((a, b) => a.position - b.position)
              .map((sport) => (
                <li key={sport.id}>
                  <Row
                    to={`/schedule?category_id=${sport.id}`}
                    image={sport.image_url}
                    name={sport.name}
                    action={
                      <FavoriteToggle
                        subject={{ type: 'event_category', id: sport.id, name: sport.name }}
                        userId={userId}
                      />
                    }
                    isStrong
                  />
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function TeamRows({
  teams,
  userId,
  describeTeam,
}: {
  teams: Participant[];
  userId: number | null;
  describeTeam: (team: Participant) => string;
}) {
  return (
    <ul className={styles.teams}>
      {teams.map((team) => (
        <li key={team.id}>
          <Row
            to={`/schedule?team=${team.id}`}
            image={team.images.logo}
            name={team.name}
            detail={describeTeam(team)}
            action={
              <FavoriteToggle
                subject={{ type: 'participant', id: team.id, name: team.name }}
                userId={userId}
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}

function Row(props: {
  to: string;
  image: string | null;
  name: string;
  detail?: string;
  action: ReactNode;
  isStrong?: boolean;
}) {
  return (
    <div className={`${styles.row} ${props.isStrong ? styles.strong : ''}`}>
      {props.image ? (
        <img src={props.image} alt="" className={styles.logo} />
      ) : (
        <span className={styles.logo} />
      )}
      <Link to={props.to} className={styles.name}>
        {props.name}
        {props.detail ? <span className={styles.detail}>{props.detail}</span> : null}
      </Link>
      {props.action}
    </div>
  );
}
