import type { ReactNode } from 'react';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import styles from '../../shared/components/console.module.css';

export const day = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale);
export const nameOf = (p: { first_name: string; last_name: string; email: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || p.email;

/** What a list or a detail shows until its data is there: the load error (with Retry) or a skeleton. */
export function Pending({
  query,
  what,
}: {
  query: { isError: boolean; refetch: () => unknown };
  what: string;
}) {
  return query.isError ? (
    <LoadError what={what} onRetry={() => void query.refetch()} />
  ) : (
    <Skeleton height={240} radius="var(--radius-m)" />
  );
}

/**
 * The people lists' one frame (viewers, admins, invitations, a viewer's passes and
 * subscriptions): a row a person or holding, its title and muted line, and its button if any;
 * `empty` stands instead of an empty list.
 */
export function PeopleList<T>({
  items,
  keyOf,
  title,
  line,
  action,
  empty,
}: {
  items: readonly T[];
  keyOf: (item: T) => number;
  title: (item: T) => ReactNode;
  line: (item: T) => ReactNode;
  action?: (item: T) => ReactNode;
  empty?: ReactNode;
}) {
  if (items.length === 0 && empty !== undefined) return empty;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={keyOf(item)} className={styles.row}>
          <div className={styles.rowMain}>
            <strong>{title(item)}</strong>
            <span className={styles.muted}>{line(item)}</span>
          </div>
          {action ? <div className={styles.rowActions}>{action(item)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
