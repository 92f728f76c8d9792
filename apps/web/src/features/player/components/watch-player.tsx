import type {
  PlayerMark,
  PlayerRemote,
  PlayerTool,
  RecordingOffsetListener,
} from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import type { VideoMeta } from '../../../lib/analytics';
import { usePlayback } from '../api/get-playback';
import { AccessPrompt } from './access-prompt';
import { PlayerMessage } from './player-message';
import { VideoPlayer } from './video-player';
import styles from './player.module.css';

/**
 * The player area of a game: asks /playback and shows what it says — the video, an access
 * prompt, "getting the stream ready" (asked again every few seconds), "replay coming soon" (a
 * finished game still being packaged: no spinner, it takes minutes; starts by itself once ready),
 * or when the game starts.
 */
export function WatchPlayer({
  eventId,
  startsAt,
  fill = false,
  embedded = false,
  tool = null,
  meta,
  marks = [],
  playerRemote = null,
  onRecordingOffset,
}: {
  eventId: number;
  /** The game's start, formatted by the screen (shown before it starts). */
  startsAt?: string | undefined;
  fill?: boolean;
  /**
   * In someone else's page (/watch_embed): the way forward (log in, buy) opens the site in a new
   * tab, never inside the host's small frame.
   */
  embedded?: boolean;
  /** A tool the route brings into the player (the clip cutter). */
  tool?: PlayerTool | null;
  /** The game's category, sport, gender, school and league, for analytics. */
  meta?: VideoMeta | undefined;
  /** Ticks on the seek bar (the game's key moments) and the page's handle on the player. */
  marks?: readonly PlayerMark[];
  playerRemote?: { current: PlayerRemote | null } | null;
  /** Where the recording's seconds fall on the player's clock (live ticks, see VideoPlayer). */
  onRecordingOffset?: RecordingOffsetListener | undefined;
}) {
  const { t } = useT();
  const playback = usePlayback(eventId);
  const frame = `${styles.frame} ${fill ? styles.fill : ''}`;
  const data = playback.data;

  if (playback.isPending) {
    return (
      <div className={frame}>
        <PlayerMessage isBusy title={t('watch:player.loading')} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className={frame}>
        <PlayerMessage
          tone="alert"
          title={t('watch:player.error')}
          actions={
            <Button variant="secondary" size="s" onClick={() => void playback.refetch()}>
              {t('watch:player.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (data.access !== 'granted') {
    return (
      <div className={frame}>
        <AccessPrompt playback={data} openInNewTab={embedded} />
      </div>
    );
  }
  if (data.stream) {
    return (
      <VideoPlayer
        eventId={eventId}
        stream={data.stream}
        preroll={data.preroll}
        posterUrl={data.assets.poster_url}
        thumbnailsUrl={data.assets.thumbnails_vtt_url}
        fill={fill}
        tool={tool}
        marks={marks}
        playerRemote={playerRemote}
        onRecordingOffset={onRecordingOffset}
        analytics={{ streamId: eventId, streamType: data.stream.kind, meta }}
      />
    );
  }
  const poster = data.assets.poster_url;
  return (
    <div className={frame}>
      {data.stream_state === 'preparing' && data.event_type === 'finished' ? (
        <PlayerMessage
          posterUrl={poster}
          title={t('watch:player.replaySoon')}
          text={t('watch:player.replaySoonText')}
        />
      ) : data.stream_state === 'preparing' ? (
        <PlayerMessage
          isBusy
          posterUrl={poster}
          title={t('watch:player.preparing')}
          text={t('watch:player.preparingText')}
        />
      ) : data.stream_state === 'upcoming' ? (
        <PlayerMessage
          posterUrl={poster}
          title={
            startsAt ? t('watch:player.startsAt', { time: startsAt }) : t('watch:player.upcoming')
          }
          text={t('watch:player.upcomingText')}
        />
      ) : (
        <PlayerMessage
          posterUrl={poster}
          title={t('watch:player.unavailable')}
          text={t('watch:player.unavailableText')}
        />
      )}
    </div>
  );
}
