import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '@rudy/contracts';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { useT } from '../../../../lib/i18n';
import { AUDIT_PAGE, useAudit } from '../api/get-audit';
import styles from '../../shared/components/console.module.css';

const SHOWN_CHARS = 80;

/** A stored value as the log shows it: '—' for none, long ones (a logo's data) cut. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

/** The item's name where the row keeps it (a create, a delete, a rename). */
function nameOf(entry: AuditEntry): string | null {
  for (const side of [entry.after, entry.before]) {
    const name = side?.name ?? side?.name_en;
    if (typeof name === 'string' && name !== '') return name;
  }
  return null;
}

/** The changed fields side by side: before, after (one side only for a create or a delete). */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useT();
  const fields = Object.keys(entry.after ?? entry.before ?? {});
  if (fields.length === 0) return <p className={styles.muted}>{t('admin:audit.noFields')}</p>;
  return (
    <table className={styles.changes}>
      <thead>
        <tr>
          <th scope="col">{t('admin:audit.field')}</th>
          {entry.before ? <th scope="col">{t('admin:audit.before')}</th> : null}
          {entry.after ? <th scope="col">{t('admin:audit.after')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f}>
            <th scope="row">{f}</th>
            {entry.before ? <td>{shown(entry.before[f])}</td> : null}
            {entry.after ? <td>{shown(entry.after[f])}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Who changed what and when, newest first, a page at a time; each row opens on its fields. */
export function AuditScreen() {
  const { t, i18n } = useT();
  const [entity, setEntity] = useState<AuditEntity | null>(null);
  const [offset, setOffset] = useState(0);
  const audit = useAudit(entity, offset);

  if (audit.isError)
    return <LoadError what={t('admin:audit.loadError')} onRetry={() => void audit.refetch()} />;
  if (!audit.data) return <Skeleton height={320} radius="var(--radius-m)" />;

  const { data, meta } = audit.data;
  const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const choose = (next: AuditEntity | null) => {
    setEntity(next);
    setOffset(0);
  };

  return (
    <section className={styles.screen} aria-labelledby="audit-title">
      <div className={styles.head}>
        <h1 id="audit-title">{t('admin:audit.title')}</h1>
      </div>
      <div className={styles.tabs} role="group" aria-label={t('admin:audit.kind')}>
        {[null, ...AUDIT_ENTITIES].map((e) => (
          <button
            key={e ?? 'all'}
            type="button"
            className={styles.tab}
            aria-pressed={entity === e}
            onClick={() => choose(e)}
          >
            {t(`admin:audit.kinds.${e ?? 'all'}`)}
          </button>
        ))}
      </div>
      {data.length === 0 ? (
        <p className={styles.empty}>{t('admin:audit.empty')}</p>
      ) : (
        <ul className={styles.list} aria-busy={audit.isPlaceholderData}>
          {data.map((entry) => (
            <li key={entry.id} className={styles.auditRow}>
              <details>
                <summary className={styles.auditSummary}>
                  <span className={styles.rowMain}>
                    <strong>
                      {t(`admin:audit.actions.${entry.action}`, {
                        what: t(`admin:audit.entities.${entry.entity}`),
                      })}
                      {entry.entity_id !== null ? ` #${entry.entity_id}` : ''}
                      {nameOf(entry) ? ` · ${nameOf(entry)}` : ''}
                    </strong>
                    <span className={styles.muted}>
                      <time dateTime={entry.at}>{at.format(new Date(entry.at))}</time>
                      {` · ${entry.actor}`}
                    </span>
                  </span>
                </summary>
                <Changes entry={entry} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <nav className={styles.pager} aria-label={t('admin:audit.pages')}>
        <Button
          size="s"
          variant="secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE))}
        >
          {t('admin:audit.newer')}
        </Button>
        <span className={styles.muted} aria-live="polite">
          {t('admin:audit.range', {
            from: meta.total === 0 ? 0 : meta.offset + 1,
            to: meta.offset + data.length,
            total: meta.total,
          })}
        </span>
        <Button
          size="s"
          variant="secondary"
          disabled={meta.offset + data.length >= meta.total}
          onClick={() => setOffset(offset + AUDIT_PAGE)}
        >
          {t('admin:audit.older')}
        </Button>
      </nav>
    </section>
  );
}
