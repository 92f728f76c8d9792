import type { Preroll } from '@rudy/contracts';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { usePreroll } from '../hooks/use-preroll';
import { BigPlayButton } from './big-play-button';
import styles from './player.module.css';

/** The ad before the game: "Ad" with its countdown, then Skip once allowed. */
export function PrerollPlayer({
  preroll,
  eventId,
  onDone,
}: {
  preroll: Preroll;
  eventId: number;
  onDone: () => void;
}) {
  const { t } = useT();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const flow = usePreroll(preroll, eventId, video, onDone);
  return (
    <>
      <video
        ref={setVideo}
        className={styles.video}
        src={preroll.url}
        playsInline
        preload="none"
        data-testid="preroll-video"
      />
      {/* Said once by screen readers ("Ad"); the countdown beside it is read on demand, not
          announced every second as a live region would. */}
      <span className="visually-hidden" role="status">
        {t('watch:preroll.ad')}
      </span>
      <span className={styles.adBadge}>
        {t('watch:preroll.ad')} · {t('watch:preroll.endsIn', { seconds: flow.clock.remaining })}
      </span>
      {flow.needsClick ? (
        <BigPlayButton label={t('watch:preroll.play')} onClick={flow.start} />
      ) : null}
      {flow.clock.offersSkip ? (
        <button
          type="button"
          className={styles.skip}
          disabled={!flow.clock.canSkip}
          onClick={flow.skip}
        >
          {flow.clock.canSkip
            ? t('watch:preroll.skip')
            : t('watch:preroll.skipIn', { seconds: flow.clock.skipIn })}
        </button>
      ) : null}
    </>
  );
}
