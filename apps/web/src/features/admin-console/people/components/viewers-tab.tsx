import type { AdminViewerSummary } from '@rudy/contracts';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { VIEWERS_PAGE, useViewers } from '../api/viewers';
import styles from '../../shared/components/console.module.css';
import { nameOf, PeopleList, Pending } from './people-list';
import { ViewerDetail } from './viewer-detail';

/** The channel's viewers: a search, a page of them, and one viewer opened. */
export function ViewersTab() {
  const { t } = useT();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const viewers = useViewers(q.trim(), offset);
  if (open !== null) return <ViewerDetail id={open} onBack={() => setOpen(null)} />;
  const badge = (v: AdminViewerSummary) =>
    [
      v.role === 'admin' ? t('admin-people:viewers.admin') : '',
      v.blocked ? t('admin-people:viewers.blocked') : '',
    ]
      .filter(Boolean)
      .map((b) => (
        <span key={b} className={styles.pill}>
          {b}
        </span>
      ));
  return (
    <>
      <TextField
        label={t('admin-people:viewers.search')}
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOffset(0);
        }}
      />
      {viewers.isError || !viewers.data ? (
        <Pending query={viewers} what={t('admin-people:viewers.loadError')} />
      ) : viewers.data.data.length === 0 ? (
        <p className={styles.empty}>{t('admin-people:viewers.empty')}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {t('admin-people:viewers.count', { count: viewers.data.meta.total })}
          </p>
          <PeopleList
            items={viewers.data.data}
            keyOf={(v) => v.id}
            title={(v) => (
              <>
                {nameOf(v)} {badge(v)}
              </>
            )}
            line={(v) => v.email}
            action={(v) => (
              <Button size="s" variant="secondary" onClick={() => setOpen(v.id)}>
                {t('admin-people:viewers.open')}
              </Button>
            )}
          />
          <div className={styles.pager}>
            <Button
              size="s"
              variant="secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - VIEWERS_PAGE))}
            >
              {t('admin-people:viewers.previous')}
            </Button>
            <Button
              size="s"
              variant="secondary"
              disabled={offset + VIEWERS_PAGE >= viewers.data.meta.total}
              onClick={() => setOffset(offset + VIEWERS_PAGE)}
            >
              {t('admin-people:viewers.next')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
