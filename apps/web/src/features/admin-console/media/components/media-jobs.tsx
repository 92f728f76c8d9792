import type { AdminUpload } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useT } from '../../../../lib/i18n';
import { retryUpload, useUploads } from '../api/uploads';
import { type MediaKind } from '../api/media-subjects';
import { mediaErrorText } from '../lib/media-messages';
import styles from './media.module.css';

/** One subject's uploads and the transcode job of each: state, progress, error, Retry. */
export function MediaJobs({ kind, id }: { kind: MediaKind; id: number }) {
  const { t, i18n } = useT();
  const uploads = useUploads(kind, id);
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: (u: AdminUpload) => retryUpload(u.id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'media'] }),
  });
  const jobs = uploads.data?.data.filter((u) => u.status !== 'uploading') ?? [];
  // A job that ends changes the video's state the screen shows: read it again then.
  const working = jobs.some((u) => u.status === 'queued' || u.status === 'processing');
  const wasWorking = useRef(working);
  useEffect(() => {
    if (wasWorking.current && !working)
      void client.invalidateQueries({ queryKey: ['admin', 'media', 'subjects'] });
    wasWorking.current = working;
  }, [working, client]);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <section className={styles.section} aria-labelledby="media-jobs-title">
      <h2 id="media-jobs-title" className={styles.sectionTitle}>
        {t('admin-media:jobs.title')}
      </h2>
      {retry.isError ? <FormAlert tone="error">{mediaErrorText(t, retry.error)}</FormAlert> : null}
      {jobs.length === 0 ? <p className={styles.muted}>{t('admin-media:jobs.empty')}</p> : null}
      <ul className={styles.jobs}>
        {jobs.map((job) => (
          <li key={job.id} className={styles.job} data-status={job.status}>
            <div className={styles.jobHead}>
              <strong className={styles.fileName}>{job.file_name}</strong>
              <span className={styles.state} data-status={job.status}>
                {t(`admin-media:status.${job.status}`)}
              </span>
            </div>
            <span className={styles.muted}>{when(job.created_at)}</span>
            {job.status === 'processing' || job.status === 'queued' ? (
              <div className={styles.progressRow}>
                <progress
                  className={styles.progress}
                  max={1}
                  value={job.progress}
                  aria-label={t('admin-media:jobs.transcoding', { name: job.file_name })}
                />
                <span>{Math.round(job.progress * 100)} %</span>
              </div>
            ) : null}
            {job.error ? (
              <pre className={styles.jobError} aria-label={t('admin-media:jobs.error')}>
                {job.error}
              </pre>
            ) : null}
            {job.status === 'error' ? (
              <div>
                <Button
                  size="s"
                  variant="secondary"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(job)}
                >
                  {t('admin-media:jobs.retry')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
