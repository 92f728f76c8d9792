import { useT } from '../../../lib/i18n';
import type { CaptionsControl } from '../hooks/use-captions';
import { CAPTIONS_OFF } from '../lib/caption-choice';
import styles from './player.module.css';

/** Off plus one entry per caption language; nothing when the video has no captions. */
export function CaptionSelect({ captions }: { captions: CaptionsControl }) {
  const { t } = useT();
  if (captions.languages.length === 0) return null;
  return (
    <select
      className={`${styles.select} ${styles.captionSelect}`}
      aria-label={t('watch:player.captions')}
      value={captions.showing}
      onChange={(e) => captions.choose(e.target.value)}
    >
      <option value={CAPTIONS_OFF}>{t('watch:player.captionsOff')}</option>
      {captions.languages.map((lang) => (
        <option key={lang} value={lang}>
          {lang === 'en' || lang === 'fr' ? t(`watch:player.captionLanguages.${lang}`) : lang}
        </option>
      ))}
    </select>
  );
}
