import '../../../../locales/admin-live';
import type { AdminLiveHealth } from '@rudy/contracts';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useT } from '../../../../lib/i18n';
import { useLiveHealth } from '../api/live-ingest';
import styles from './live-panel.module.css';

/** Codec names as operators know them (OBS's own words). */
const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC',
  av1: 'AV1',
  vp9: 'VP9',
  aac: 'AAC',
  mp3: 'MP3',
  opus: 'Opus',
};
const codecName = (c: string) => CODEC_NAMES[c] ?? c;

/** One line of figures: the parts that are known, joined. */
const line = (parts: (string | null | false | undefined)[]) =>
  parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');

/**
 * The measured stream: video, keyframes, audio, lost and late frames, what the encoder says of
 * itself; then each misfit with the ladder and the OBS setting that fixes it.
 */
export function StreamHealthView({ health }: { health: AdminLiveHealth }) {
  const { t, i18n } = useT();
  const n = (value: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const kbps = (value: number | null) =>
    value === null ? null : t('admin-live:health.kbps', { value: n(value) });
  const size = (w: number | null, h: number | null) => (w && h ? `${w}×${h}` : null);
  const { video, audio, claimed } = health;
  if (!video) return <p className={styles.muted}>{t('admin-live:health.measuring')}</p>;

  const channels = (count: number | null) =>
    count === null
      ? null
      : count === 1
        ? t('admin-live:health.mono')
        : count === 2
          ? t('admin-live:health.stereo')
          : t('admin-live:health.channels', { count });
  const rows: [string, string][] = [
    [
      t('admin-live:health.video'),
      line([
        size(video.width, video.height),
        video.frame_rate !== null && t('admin-live:health.fps', { value: n(video.frame_rate, 1) }),
        video.codec && codecName(video.codec),
        kbps(video.bitrate_kbps),
      ]),
    ],
    [
      t('admin-live:health.keyframes'),
      video.keyframe_interval_s === null
        ? t('admin-live:health.waitingKeyframe')
        : t('admin-live:health.every', { value: n(video.keyframe_interval_s, 1) }),
    ],
    [
      t('admin-live:health.audio'),
      audio
        ? line([
            codecName(audio.codec),
            audio.sample_rate !== null &&
              t('admin-live:health.khz', { value: n(audio.sample_rate / 1000, 1) }),
            channels(audio.channels),
            kbps(audio.bitrate_kbps),
          ])
        : t('admin-live:health.noAudio'),
    ],
    [
      t('admin-live:health.frames'),
      t('admin-live:health.frameCounts', {
        dropped: n(health.dropped_frames ?? 0),
        late: n(health.late_frames ?? 0),
      }),
    ],
  ];
  if (claimed) {
    const says = line([
      size(claimed.width, claimed.height),
      claimed.frame_rate !== null &&
        t('admin-live:health.fps', { value: n(claimed.frame_rate, 1) }),
      kbps(claimed.video_kbps),
    ]);
    rows.push([
      t('admin-live:health.encoder'),
      line([claimed.encoder, says && t('admin-live:health.claims', { settings: says })]),
    ]);
  }

  return (
    <>
      <dl className={styles.health}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.healthRow}>
            <dt className={styles.label}>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {health.window_s !== null ? (
        <p className={styles.muted}>
          {t('admin-live:health.window', { seconds: n(health.window_s) })}
        </p>
      ) : null}
      {health.warnings.length === 0 ? (
        <FormAlert tone="success">{t('admin-live:health.fits')}</FormAlert>
      ) : (
        <ul className={styles.warnings}>
          {health.warnings.map((w) => (
            <li key={w.code} className={styles.warning}>
              <strong>
                {t(`admin-live:health.warning.${w.code}`, {
                  measured: w.codec
                    ? codecName(w.codec)
                    : w.measured === null
                      ? ''
                      : n(w.measured, 1),
                })}
              </strong>{' '}
              {t(`admin-live:health.obs.${w.obs.setting}`, { value: w.obs.value })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The panel's stream health section: polled while the game is on air. */
export function StreamHealth({ gameId, online }: { gameId: number; online: boolean }) {
  const { t } = useT();
  const health = useLiveHealth(gameId, online);
  if (!online) return null;
  return (
    <section className={styles.healthSection} aria-labelledby="live-health-title">
      <h3 id="live-health-title" className={styles.subtitle}>
        {t('admin-live:health.title')}
      </h3>
      {health.data?.online ? (
        <StreamHealthView health={health.data} />
      ) : (
        <p className={styles.muted}>{t('admin-live:health.measuring')}</p>
      )}
    </section>
  );
}
