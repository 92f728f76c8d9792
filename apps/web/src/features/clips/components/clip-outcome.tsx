import type { Clip } from '@rudy/contracts';
import { ButtonLink, Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useT } from '../../../lib/i18n';
import { ClipShareActions } from './clip-share-actions';
import styles from './clip-panel.module.css';
import '../../../locales/clips';

/** While the worker cuts the clip (spec: up to 5 minutes). */
export function ClipProcessing({ clip }: { clip: Clip }) {
  const { t } = useT();
  return (
    <div className={styles.outcome} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <div>
        <p className={styles.outcomeTitle}>{t('clips:status.processing')}</p>
        <p className={styles.outcomeText}>
          {t('clips:status.processingText', { name: clip.name })}
        </p>
      </div>
    </div>
  );
}

/** The clip is cut: watch it, share it, or cut another. */
export function ClipReady({ clip, onAnother }: { clip: Clip; onAnother: () => void }) {
  const { t } = useT();
  return (
    <div className={styles.outcomeBlock}>
      <div className={styles.outcome} role="status">
        <span className={styles.done} aria-hidden="true">
          ✓
        </span>
        <div>
          <p className={styles.outcomeTitle}>{t('clips:status.ready')}</p>
          <p className={styles.outcomeText}>{clip.name}</p>
        </div>
      </div>
      <div className={styles.buttons}>
        <ButtonLink to={`/watch_library/${clip.id}`} size="s">
          {t('clips:actions.play')}
        </ButtonLink>
        <ClipShareActions sharePath={clip.share_path} name={clip.name} />
        <Button variant="ghost" size="s" onClick={onAnother}>
          {t('clips:status.another')}
        </Button>
      </div>
    </div>
  );
}

/** The worker failed, or the clip took longer than a cut may: the spec's 'clip creating failed'. */
export function ClipFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className={styles.outcomeBlock}>
      <FormAlert tone="error" title={t('clips:status.failed')}>
        {t('clips:status.failedText')}
      </FormAlert>
      <div className={styles.buttons}>
        <Button variant="secondary" size="s" onClick={onRetry}>
          {t('clips:status.retry')}
        </Button>
      </div>
    </div>
  );
}
