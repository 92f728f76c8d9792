import '../../../../locales/admin-media';
import type { AdminMediaSubject } from '@rudy/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { TextField } from '../../../../components/ui/text-field';
import { useT } from '../../../../lib/i18n';
import { useMediaSubjects, type MediaKind } from '../api/media-subjects';
import { MediaPanel } from './media-panel';
import { UploadBox } from './upload-box';
import styles from './media.module.css';

/** The media area: games and library videos with their video's state; one opened to manage it. */
export function MediaScreen() {
  const { t, i18n } = useT();
  const [kind, setKind] = useState<MediaKind>('games');
  // The game opened is in the address (?game=12): the games list links here, a reload keeps it.
  const [params, setParams] = useSearchParams();
  const gameParam = params.get('game');
  const [openLibraryId, setOpenLibraryId] = useState<number | null>(null);
  const openId = kind === 'games' ? (gameParam ? Number(gameParam) : null) : openLibraryId;
  const setOpenId = (id: number | null) =>
    kind === 'games' ? setParams(id === null ? {} : { game: String(id) }) : setOpenLibraryId(id);
  const subjects = useMediaSubjects();

  if (subjects.isError)
    return <LoadError what={t('admin-media:loadError')} onRetry={() => void subjects.refetch()} />;
  if (!subjects.data) return <Skeleton height={320} radius="var(--radius-m)" />;

  const items = kind === 'games' ? subjects.data.games : subjects.data.library;
  const open = items.find((s) => s.id === openId);
  if (open) return <MediaPanel kind={kind} subject={open} onBack={() => setOpenId(null)} />;

  // In the game's own zone, named, as the games list shows it (not the browser's zone).
  const date = (s: AdminMediaSubject) =>
    s.starts_at
      ? `${new Intl.DateTimeFormat(i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(s.time_zone ? { timeZone: s.time_zone } : {}),
        }).format(new Date(s.starts_at))}${s.time_zone ? ` · ${s.time_zone}` : ''}`
      : null;

  return (
    <section className={styles.screen} aria-labelledby="media-title">
      <div className={styles.head}>
        <h1 id="media-title">{t('admin-media:title')}</h1>
      </div>
      <div className={styles.tabs} role="group" aria-label={t('admin-media:kinds.label')}>
        {(['games', 'library'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={styles.tab}
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {t(`admin-media:kinds.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'library' ? <NewLibraryVideo /> : null}
      {items.length === 0 ? <p className={styles.muted}>{t('admin-media:empty')}</p> : null}
      <ul className={styles.list}>
        {items.map((s) => (
          <li key={s.id} className={styles.row} data-testid={`media-subject-${s.id}`}>
            <div className={styles.rowMain}>
              <strong>{s.title}</strong>
              {date(s) ? <span className={styles.muted}>{date(s)}</span> : null}
            </div>
            <span className={styles.state} data-state={s.state}>
              {t(`admin-media:state.${s.state}`)}
            </span>
            <Button
              size="s"
              variant="secondary"
              aria-label={t('admin-media:manageNamed', { name: s.title })}
              onClick={() => setOpenId(s.id)}
            >
              {t('admin-media:manage')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A library video that does not exist yet: its titles, then its file. */
function NewLibraryVideo() {
  const { t } = useT();
  const [titleEn, setTitleEn] = useState('');
  const [titleFr, setTitleFr] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="media-new-title">
      <h2 id="media-new-title" className={styles.sectionTitle}>
        {t('admin-media:library.new')}
      </h2>
      <UploadBox
        label={t('admin-media:upload.file')}
        extra={
          <div className={styles.grid}>
            <TextField
              label={t('admin-media:library.titleEn')}
              value={titleEn}
              maxLength={160}
              error={missing ? t('admin-media:library.titleRequired') : undefined}
              onChange={(e) => setTitleEn(e.target.value)}
            />
            <TextField
              label={t('admin-media:library.titleFr')}
              value={titleFr}
              maxLength={160}
              onChange={(e) => setTitleFr(e.target.value)}
            />
          </div>
        }
        target={() => {
          const missingTitle = titleEn.trim() === '';
          setMissing(missingTitle);
          return missingTitle ? null : { kind: 'library', title_en: titleEn, title_fr: titleFr };
        }}
        onUploaded={() => {
          setTitleEn('');
          setTitleFr('');
        }}
      />
    </section>
  );
}
