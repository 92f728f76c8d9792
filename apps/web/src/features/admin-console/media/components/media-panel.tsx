import type { AdminMediaSubject } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useT } from '../../../../lib/i18n';
import { deleteGameFiles, replacePoster } from '../api/media-files';
import { type MediaKind } from '../api/media-subjects';
import { mediaErrorText } from '../lib/media-messages';
import { FilePicker } from '../../shared/components/file-picker';
import { CaptionsSection } from './captions-section';
import { MediaJobs } from './media-jobs';
import { UploadBox } from './upload-box';
import styles from './media.module.css';

const readDataUri = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * One game's or library video's media: upload a video, its jobs, the poster, its captions, delete
 * its files.
 */
export function MediaPanel({
  kind,
  subject,
  onBack,
}: {
  kind: MediaKind;
  subject: AdminMediaSubject;
  onBack: () => void;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'media'] });
  const poster = useMutation({
    mutationFn: async (file: File) => replacePoster(kind, subject.id, await readDataUri(file)),
    onSuccess: refresh,
  });
  const erase = useMutation({ mutationFn: () => deleteGameFiles(subject.id), onSuccess: refresh });

  return (
    <section className={styles.screen} aria-labelledby="media-subject-title">
      <div className={styles.head}>
        <h1 id="media-subject-title">{subject.title}</h1>
        <Button variant="secondary" size="s" onClick={onBack}>
          {t('admin-media:back')}
        </Button>
      </div>
      <p className={styles.muted}>
        {t('admin-media:videoState', { state: t(`admin-media:state.${subject.state}`) })}
      </p>

      <section className={styles.section} aria-labelledby="media-upload-title">
        <h2 id="media-upload-title" className={styles.sectionTitle}>
          {t('admin-media:upload.title')}
        </h2>
        <UploadBox
          label={t('admin-media:upload.file')}
          target={() =>
            kind === 'games'
              ? { kind: 'game', event_id: subject.id }
              : { kind: 'library_item', vod_item_id: subject.id }
          }
        />
      </section>

      <MediaJobs kind={kind} id={subject.id} />

      <section className={styles.section} aria-labelledby="media-poster-title">
        <h2 id="media-poster-title" className={styles.sectionTitle}>
          {t('admin-media:poster.title')}
        </h2>
        <FilePicker
          label={t('admin-media:poster.file')}
          accept="image/jpeg,image/png,image/webp"
          disabled={poster.isPending}
          resetAfterPick
          onFile={(file) => {
            if (file) poster.mutate(file);
          }}
        />
        <p className={styles.muted}>{t('admin-media:poster.hint')}</p>
        {poster.isSuccess ? (
          <FormAlert tone="success">{t('admin-media:poster.replaced')}</FormAlert>
        ) : null}
        {poster.isError ? (
          <FormAlert tone="error">{mediaErrorText(t, poster.error)}</FormAlert>
        ) : null}
      </section>

      <CaptionsSection kind={kind} id={subject.id} />

      {kind === 'games' ? (
        <section className={styles.section} aria-labelledby="media-delete-title">
          <h2 id="media-delete-title" className={styles.sectionTitle}>
            {t('admin-media:files.title')}
          </h2>
          <p className={styles.muted}>{t('admin-media:files.hint')}</p>
          <div>
            <Button
              variant="secondary"
              disabled={erase.isPending || subject.state === 'none'}
              onClick={() => {
                if (window.confirm(t('admin-media:files.confirm'))) erase.mutate();
              }}
            >
              {t('admin-media:files.delete')}
            </Button>
          </div>
          {erase.isSuccess ? (
            <FormAlert tone="success">{t('admin-media:files.deleted')}</FormAlert>
          ) : null}
          {erase.isError ? (
            <FormAlert tone="error">{mediaErrorText(t, erase.error)}</FormAlert>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
