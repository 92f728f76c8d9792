import type { AdminViewer } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { apiErrorText } from '../../../../lib/form-messages';
import { useT } from '../../../../lib/i18n';
import { setBlocked, useViewer } from '../api/viewers';
import styles from '../../shared/components/console.module.css';
import { day, nameOf, PeopleList, Pending } from './people-list';

/** One viewer: what they hold now, and Block / Unblock. */
export function ViewerDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useT();
  const client = useQueryClient();
  const viewer = useViewer(id);
  const block = useMutation({
    mutationFn: (blocked: boolean) => setBlocked(id, blocked),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  const back = (
    <Button size="s" variant="secondary" onClick={onBack}>
      {t('admin-people:viewer.back')}
    </Button>
  );
  if (viewer.isError || !viewer.data)
    return <Pending query={viewer} what={t('admin-people:viewer.loadError')} />;
  const v = viewer.data;
  const lang = i18n.language;
  return (
    <section className={styles.screen} aria-labelledby="viewer-title">
      <div className={styles.head}>
        <h1 id="viewer-title">{nameOf(v)}</h1>
        {back}
      </div>
      <p className={styles.muted}>
        {[
          v.email,
          t('admin-people:viewer.joined', { date: day(v.created_at, lang) }),
          v.email_verified
            ? t('admin-people:viewer.verified')
            : t('admin-people:viewer.unverified'),
        ].join(' · ')}
      </p>
      {block.isError ? <FormAlert tone="error">{apiErrorText(t, block.error)}</FormAlert> : null}
      {v.blocked ? <FormAlert tone="info">{t('admin-people:viewer.blockedNote')}</FormAlert> : null}
      {v.role === 'admin' ? (
        <p className={styles.muted}>{t('admin-people:viewer.adminNote')}</p>
      ) : (
        <div className={styles.actions}>
          <Button
            variant={v.blocked ? 'primary' : 'secondary'}
            disabled={block.isPending}
            onClick={() => {
              if (v.blocked || window.confirm(t('admin-people:viewer.confirmBlock')))
                block.mutate(!v.blocked);
            }}
          >
            {v.blocked ? t('admin-people:viewer.unblock') : t('admin-people:viewer.block')}
          </Button>
        </div>
      )}
      <h2 className={styles.formTitle}>{t('admin-people:viewer.capabilities')}</h2>
      {v.capabilities.length === 0 ? (
        <p className={styles.muted}>{t('admin-people:viewer.noCapabilities')}</p>
      ) : (
        <p>
          {v.capabilities.map((c) => (
            <span key={c} className={styles.pill}>
              {c}
            </span>
          ))}
        </p>
      )}
      <ViewerHoldings viewer={v} />
    </section>
  );
}

/** The passes and subscriptions a viewer holds, ended ones included. */
function ViewerHoldings({ viewer: v }: { viewer: AdminViewer }) {
  const { t, i18n } = useT();
  const lang = i18n.language;
  return (
    <>
      <h2 className={styles.formTitle}>{t('admin-people:viewer.passes')}</h2>
      <PeopleList
        items={v.passes}
        keyOf={(p) => p.order_id}
        title={(p) => p.name}
        line={(p) =>
          [
            new Intl.NumberFormat(lang, { style: 'currency', currency: p.currency }).format(
              p.amount_cents / 100,
            ),
            day(p.bought_at, lang),
            p.active ? t('admin-people:viewer.active') : t('admin-people:viewer.ended'),
            p.ends_at ? t('admin-people:viewer.until', { date: day(p.ends_at, lang) }) : '',
          ]
            .filter(Boolean)
            .join(' · ')
        }
        empty={<p className={styles.muted}>{t('admin-people:viewer.noPasses')}</p>}
      />
      <h2 className={styles.formTitle}>{t('admin-people:viewer.subscriptions')}</h2>
      <PeopleList
        items={v.subscriptions}
        keyOf={(s) => s.id}
        title={(s) => s.name}
        line={(s) =>
          [s.status, s.current_period_end ? day(s.current_period_end, lang) : '']
            .filter(Boolean)
            .join(' · ')
        }
        empty={<p className={styles.muted}>{t('admin-people:viewer.noSubscriptions')}</p>}
      />
    </>
  );
}
