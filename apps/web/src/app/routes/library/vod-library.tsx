import { useCallback } from 'react';
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import {
  vodCategoriesQueryOptions,
  useVodCategories,
} from '../../../features/vod/api/get-vod-categories';
import { vodRailsQueryOptions } from '../../../features/vod/api/get-vod-rails';
import { VodCategoryNav } from '../../../features/vod/components/vod-category-nav';
import { VodCategoryItems, VodSearchResults } from '../../../features/vod/components/vod-results';
import { vodWatchPath } from '../../../features/vod/lib/vod-display';
import { useT } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { LibraryHome } from './library-home';
import styles from './library.module.css';
import '../../../locales/library';

/** A positive integer from the query string, else null (a hand-edited link shows the library). */
function idParam(value: string | null): number | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * Spec query parameter `vod_id`: a link to the library naming one video opens that video. The
 * rails and categories load while the screen's code does.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const vodId = idParam(new URL(request.url).searchParams.get('vod_id'));
  if (vodId !== null) return redirect(vodWatchPath(vodId));
  void queryClient.query(vodRailsQueryOptions()).catch(() => undefined);
  void queryClient.query(vodCategoriesQueryOptions()).catch(() => undefined);
  return null;
}

/**
 * /vod_library: the library's rails (and the games with clips) by default; a category's videos
 * when one is chosen; results as the viewer types a search. The URL holds the search and the
 * category, so Back and shared links show the same list.
 */
export function Component() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() || null;
  const categoryId = idParam(params.get('category_id'));
  const categories = useVodCategories();

  const onSearch = useCallback(
    (text: string | null, options: { replace: boolean }) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (text) next.set('search', text);
          else next.delete('search');
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      ),
    [setParams],
  );
  const linkTo = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('category_id');
    else next.set('category_id', String(id));
    return `?${next.toString()}`;
  };

  return (
    <div className="page-container">
      <title>{t('library:vodLibrary.title')}</title>
      <PageHeader
        title={t('library:vodLibrary.title')}
        subtitle={t('library:vodLibrary.subtitle')}
      />
      <div className={styles.tools}>
        <SearchField
          id="vod-search"
          label={t('library:vodLibrary.search')}
          placeholder={t('library:vodLibrary.searchPlaceholder')}
          value={search}
          onSearch={onSearch}
        />
        <VodCategoryNav categories={categories.data ?? []} activeId={categoryId} linkTo={linkTo} />
      </div>
      {search ? (
        <VodSearchResults search={search} categoryId={categoryId} />
      ) : categoryId !== null ? (
        <VodCategoryItems categoryId={categoryId} />
      ) : (
        <LibraryHome />
      )}
    </div>
  );
}
