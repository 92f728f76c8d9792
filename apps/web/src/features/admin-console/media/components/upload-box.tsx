import type { AdminUpload, AdminUploadTarget } from '@rudy/contracts';
import { UPLOAD_LIMITS } from '@rudy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useT } from '../../../../lib/i18n';
import { useResumableUpload, videoTypeOf } from '../hooks/use-resumable-upload';
import { mediaErrorText } from '../lib/media-messages';
import { FilePicker } from '../../shared/components/file-picker';
import styles from './media.module.css';

const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

/**
 * Choose a video, send it in resumable chunks with a progress bar, then hand over to the job list
 * (the transcode's progress). `target` is asked at start (a new library video's title).
 */
export function UploadBox({
  target,
  label,
  extra,
  onUploaded,
}: {
  target: () => AdminUploadTarget | null;
  label: string;
  extra?: ReactNode;
  onUploaded?: (upload: AdminUpload) => void;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const completed = useCallback(
    (upload: AdminUpload) => {
      setFile(null);
      void client.invalidateQueries({ queryKey: ['admin', 'media'] });
      onUploaded?.(upload);
    },
    [client, onUploaded],
  );
  const upload = useResumableUpload(completed);
  const { phase, sent, total, error } = upload.state;
  const busy = phase === 'uploading';

  function start() {
    if (!file) return setProblem(t('admin-media:upload.chooseFile'));
    if (videoTypeOf(file) === null) return setProblem(t('admin-media:messages.videoType'));
    if (file.size > UPLOAD_LIMITS.maxBytes) return setProblem(t('admin-media:messages.videoSize'));
    const to = target();
    if (!to) return;
    setProblem(null);
    upload.start(file, to);
  }

  return (
    <div className={styles.uploadBox}>
      {extra}
      <FilePicker
        label={label}
        accept="video/mp4,video/quicktime,video/webm,video/x-matroska,.mkv"
        disabled={busy}
        onFile={(picked) => {
          setFile(picked);
          setProblem(null);
          upload.reset();
        }}
      />
      <div className={styles.actions}>
        <Button onClick={start} disabled={busy}>
          {t('admin-media:upload.start')}
        </Button>
        {phase === 'stalled' ? (
          <Button variant="secondary" onClick={() => upload.resume()}>
            {t('admin-media:upload.resume')}
          </Button>
        ) : null}
      </div>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {phase === 'uploading' || phase === 'stalled' ? (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={total || 1}
            value={sent}
            aria-label={t('admin-media:upload.progressLabel')}
          />
          <span>{t('admin-media:upload.sent', { sent: mb(sent), total: mb(total) })}</span>
        </div>
      ) : null}
      {phase === 'stalled' ? (
        <FormAlert tone="info">{t('admin-media:upload.stalled')}</FormAlert>
      ) : null}
      {phase === 'failed' ? <FormAlert tone="error">{mediaErrorText(t, error)}</FormAlert> : null}
      {phase === 'done' ? (
        <FormAlert tone="success">{t('admin-media:upload.done')}</FormAlert>
      ) : null}
    </div>
  );
}
