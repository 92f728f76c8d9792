import { useT } from '../../../lib/i18n';
import { AUTO_LEVEL, sortedLevels, type QualityLevel } from '../lib/quality';
import styles from './player.module.css';

/** Auto plus one entry per rendition; Auto names the rendition it is playing. */
export function QualitySelect({
  levels,
  playing,
  chosen,
  onChoose,
}: {
  levels: QualityLevel[];
  playing: number;
  chosen: number;
  onChoose: (index: number) => void;
}) {
  const { t } = useT();
  if (levels.length < 2) return null;
  const playingHeight = levels.find((l) => l.index === playing)?.height;
  return (
    <select
      className={styles.select}
      aria-label={t('watch:player.quality')}
      value={chosen}
      onChange={(e) => onChoose(Number(e.target.value))}
    >
      <option value={AUTO_LEVEL}>
        {chosen === AUTO_LEVEL && playingHeight
          ? t('watch:player.autoPlaying', { height: playingHeight })
          : t('watch:player.auto')}
      </option>
      {sortedLevels(levels).map((level) => (
        <option key={level.index} value={level.index}>
          {t('watch:player.level', { height: level.height })}
        </option>
      ))}
    </select>
  );
}
