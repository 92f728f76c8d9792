import type { EventCategory } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useEventListing, useEventsView, type ListingKind } from '../hooks/use-event-listing';
import { CategoryFilter } from './category-filter';
import { EventCardSkeleton } from './event-card-skeleton';
import { EventGrid } from './event-grid';
import gridStyles from './event-grid.module.css';
import { ViewToggle } from './view-toggle';

export function EventListing({
  kind,
  categories,
  locations,
}: {
  kind: ListingKind;
  categories: EventCategory[];
  locations: ReadonlyMap<number, string>;
}) {
  const { t } = useT();
  const [params] = useSearchParams();
  const categoryId = positiveId(params.get('category_id'));
  const teamId = positiveId(params.get('team'));
  const state = useEventListing(kind, { categoryId, teamId });
  const [view, setView] = useEventsView(kind === 'schedule' ? 'list' : 'grid');
  const title = t(`events:listing.${kind}.title`);

  return (
    <div className="page-container">
      <title>{title}</title>
      <PageHeader
        title={title}
        subtitle={t(`events:listing.${kind}.subtitle`)}
        actions={<ViewToggle view={view} onChange={setView} />}
      />
      <CategoryFilter categories={categories} activeId={categoryId} />
      <div aria-live="polite">
        {state.isLoading ? (
          <ul className={gridStyles.grid} aria-busy="true" aria-label={t('common:states.loading')}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <li key={i}>
                <EventCardSkeleton />
              </li>
            ))}
          </ul>
        ) : state.isError ? (
          <LoadError what={title} onRetry={state.onRetry} />
        ) : state.events && state.events.length > 0 ? (
          <EventGrid
            events={state.events}
            layout={view}
            groupByDay={kind === 'schedule'}
            locations={locations}
          />
        ) : (
          <StatusMessage
            title={t(`events:listing.${kind}.empty`)}
            description={
              categoryId !== null || teamId !== null ? t('events:listing.emptyCategory') : undefined
            }
          />
        )}
      </div>
    </div>
  );
}

function positiveId(value: string | null) {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}
