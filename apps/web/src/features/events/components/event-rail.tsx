import type { Event } from '@rudy/contracts';
import { useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { EventCard, type ImagePriority } from './event-card';
import { EventCardSkeleton } from './event-card-skeleton';
import styles from './event-rail.module.css';

export interface EventListState {
  events: Event[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** Cards a phone shows of a rail at first paint (one and most of the next). */
const CARDS_IN_VIEW = 2;

/**
 * A titled, horizontally scrolling row of event cards, as on streaming home pages. `leadImages`
 * loads the images of the cards in view at once (the first with high priority when 'high': a rail
 * at the top of a page holds its largest image); the rest load lazily.
 */
export function EventRail({
  id,
  title,
  seeAllTo,
  emptyText,
  locations,
  state,
  leadImages = 'lazy',
}: {
  id: string;
  title: string;
  seeAllTo?: string;
  emptyText: string;
  locations?: ReadonlyMap<number, string>;
  state: EventListState;
  leadImages?: ImagePriority;
}) {
  const { t } = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy?.({ left: direction * list.clientWidth * 0.85, behavior: 'smooth' });
  };
  const hasCards = (state.events?.length ?? 0) > 0;

  return (
    <section className={styles.rail} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <div className={styles.tools}>
          {seeAllTo && hasCards ? (
            <Link to={seeAllTo} className={styles.seeAll}>
              {t('events:rail.seeAll')}
            </Link>
          ) : null}
          {hasCards ? (
            <>
              <button
                type="button"
                className={styles.arrow}
                onClick={() => scroll(-1)}
                aria-label={t('events:rail.previous', { title })}
              >
                ‹
              </button>
              <button
                type="button"
                className={styles.arrow}
                onClick={() => scroll(1)}
                aria-label={t('events:rail.next', { title })}
              >
                ›
              </button>
            </>
          ) : null}
        </div>
      </div>
      {state.isLoading ? (
        <ul className={styles.list} aria-busy="true" aria-label={t('common:states.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className={styles.item}>
              <EventCardSkeleton />
            </li>
          ))}
        </ul>
      ) : state.isError ? (
        <LoadError what={title} onRetry={state.onRetry} />
      ) : hasCards ? (
        <ul className={styles.list} ref={listRef}>
          {state.events?.map((event, i) => (
            <li key={event.id} className={styles.item}>
              <EventCard
                event={event}
                locationName={locations?.get(event.location_id ?? -1)}
                imagePriority={
                  i >= CARDS_IN_VIEW || leadImages === 'lazy'
                    ? 'lazy'
                    : i === 0
                      ? leadImages
                      : 'eager'
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <StatusMessage compact title={emptyText} />
      )}
    </section>
  );
}
