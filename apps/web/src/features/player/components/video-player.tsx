import type { PlaybackStream, Preroll } from '@rudy/contracts';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import type { PlayerTimeline, PlayerTool } from '../../../components/player-tool';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import {
  canPictureInPicture,
  togglePictureInPicture,
  useFullscreen,
} from '../hooks/use-fullscreen';
import { useIdle } from '../hooks/use-idle';
import { useMediaState } from '../hooks/use-media-state';
import { usePlayerTool } from '../hooks/use-player-tool';
import { useStreamSession } from '../hooks/use-stream-session';
import { useThumbnails } from '../hooks/use-thumbnails';
import { useAdoptedVideo } from '../hooks/use-adopted-video';
import { useBrowserPauseFallback } from '../hooks/use-browser-pause';
import { useVideoAnalytics, type VideoAnalytics } from '../hooks/use-video-analytics';
import { useVolume } from '../hooks/use-volume';
import type { LoadHls } from '../lib/attach-stream';
import { playWithFallback, showsUnmuteHint, type AutoplayResult } from '../lib/autoplay';
import { commandForKey, type PlayerCommand } from '../lib/keyboard';
import { takeEarlyVideo } from '../lib/early-player';
import { isBehindLive } from '../lib/live-edge';
import { markProgramTime, pauseVideo, seekVideo, togglePlayback } from '../lib/media-commands';
import { PlayerControls, type ControlActions } from './player-controls';
import { PlayerMessage } from './player-message';
import type { PrerollPlayer as PrerollPlayerComponent } from './preroll-player';
import { QualitySelect } from './quality-select';
import { VolumeControl } from './volume-control';
import { BigPlayButton } from './big-play-button';
import { PlayerIcon } from './player-icons';
import { ToolButton } from './tool-button';
import styles from './player.module.css';

/** Without the ad's code (it failed to load), the game starts at once, as for an ad that cannot load. */
function NoPreroll({ onDone }: { onDone: () => void }) {
  useEffect(() => onDone(), [onDone]);
  return null;
}

/** The ad's player loads only for a game that has one, beside the stream (most games have none). */
const PrerollPlayer = lazy<ComponentType<ComponentProps<typeof PrerollPlayerComponent>>>(() =>
  import('./preroll-player').then(
    (module) => ({ default: module.PrerollPlayer }),
    () => ({ default: NoPreroll }),
  ),
);

/** After the ad, a live stream further behind than this jumps to the live edge. */
const PREROLL_CATCH_UP_S = 2;

/** Keys typed into these keep their own meaning (a slider's arrows, a select's letters). */
const OWN_KEYS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** What the shortcut handler reads of a key press, from React (the player) or the page. */
type PlayerKeyEvent = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'preventDefault'
>;

/**
 * The stream with its pre-roll and custom controls. The stream is attached (and buffers) while the
 * ad plays, so the game starts at once when the ad ends. A `tool` (the clip cutter) gets a button in
 * the control bar, handles on the seek bar and a panel under the player.
 */
export function VideoPlayer({
  eventId,
  stream,
  preroll,
  posterUrl,
  thumbnailsUrl = null,
  fill = false,
  loadHls,
  tool = null,
  analytics = null,
}: {
  /** The game a pre-roll plays before (reported as shown); library videos have neither. */
  eventId?: number | undefined;
  stream: PlaybackStream;
  preroll: Preroll | null;
  posterUrl: string | null;
  thumbnailsUrl?: string | null;
  fill?: boolean;
  loadHls?: LoadHls;
  tool?: PlayerTool | null;
  /** What to report to analytics about this view (none: nothing is reported). */
  analytics?: VideoAnalytics | null;
}) {
  const { t } = useT();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  // A direct visit's stream began in the splash (early-player.ts): that video is this player's.
  const [early] = useState(() => takeEarlyVideo(stream.url));
  const [ownVideo, setOwnVideo] = useState<HTMLVideoElement | null>(null);
  const [isPrerollDone, setPrerollDone] = useState(preroll === null || eventId === undefined);
  const videoClass = `${styles.video} ${isPrerollDone ? '' : styles.hidden}`;
  const placeEarly = useAdoptedVideo(early, {
    className: videoClass,
    poster: posterUrl ?? undefined,
  });
  const video = early ? early.video : ownVideo;
  const [autoplay, setAutoplay] = useState<AutoplayResult | null>(null);
  const session = useStreamSession(video, stream.url, loadHls);
  const media = useMediaState(video);
  const volume = useVolume(video);
  const fullscreen = useFullscreen(container, video);
  // Thumbnails describe a finished recording; a live seek bar moves too fast to preview.
  const thumbnails = useThumbnails(stream.kind === 'vod' ? thumbnailsUrl : null, media.hasFrame);
  // An external live source is only redirected to, never recorded here: nothing to cut.
  const {
    buttonRef: toolButtonRef,
    panelRef: toolPanelRef,
    ...toolState
  } = usePlayerTool(stream.is_external ? null : tool);
  const idle = useIdle(isPrerollDone && !media.paused && !toolState.isOpen);
  const isLive = stream.kind === 'live';
  const liveEdge = isLive ? (session.liveEdge() ?? media.seekableEnd) : null;
  const timeline: PlayerTimeline = {
    start: isLive ? media.seekableStart : 0,
    end: isLive ? media.seekableEnd : media.duration,
    currentTime: media.currentTime,
    isLive,
  };
  const behind = isLive && isBehindLive(media.currentTime, liveEdge);
  const onPrerollDone = useCallback(() => setPrerollDone(true), []);
  const onMutedByBrowser = useCallback(() => setAutoplay('muted'), []);
  // Once the game has started (not while the autoplay is still being tried, nor waiting for a click).
  useBrowserPauseFallback(
    video,
    isPrerollDone && autoplay !== null && autoplay !== 'blocked',
    onMutedByBrowser,
  );
  useVideoAnalytics(video, analytics, isPrerollDone);

  const liveEdgeNow = session.liveEdge;
  useEffect(() => {
    if (!video || !isPrerollDone) return;
    // A live stream buffered during the ad starts where it was then: catch up with the game.
    const edge = isLive ? liveEdgeNow() : null;
    if (edge !== null && isBehindLive(video.currentTime, edge, PREROLL_CATCH_UP_S)) {
      seekVideo(video, edge);
    }
    // The splash's video may be playing already: how it started is the answer (unless it stopped,
    // taken out of the page with the splash before the player was there).
    const started = early && !video.paused ? early.autoplay : null;
    void (started ?? playWithFallback(video)).then(setAutoplay);
    // Once per video, when the ad is over; later edge changes are the viewer's business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, isPrerollDone]);

  // The encoder's clock at the play position, for latency measurements (bench/ttff.ts).
  useEffect(() => {
    const date = session.playingDate();
    if (video && date) markProgramTime(video, date);
  });

  const actions: ControlActions = {
    togglePlay: () => {
      if (video) togglePlayback(video);
    },
    seekTo: (seconds) => {
      if (video) seekVideo(video, seconds);
    },
    goLive: () => {
      if (!video || liveEdge === null) return;
      seekVideo(video, liveEdge);
      if (video.paused) togglePlayback(video);
    },
    toggleFullscreen: fullscreen.toggle,
    togglePip: () => togglePictureInPicture(video),
  };

  const run = (command: PlayerCommand) => {
    if (!video) return;
    switch (command.type) {
      case 'toggle-play':
        return actions.togglePlay();
      case 'fullscreen':
        return actions.toggleFullscreen();
      case 'mute':
        return volume.toggleMute();
      case 'seek': {
        const low = isLive ? media.seekableStart : 0;
        const high = isLive ? (liveEdge ?? media.seekableEnd) : media.duration;
        return actions.seekTo(Math.min(Math.max(video.currentTime + command.by, low), high));
      }
      case 'volume':
        return volume.setVolume((video.muted ? 0 : video.volume) + command.by);
      case 'mark': {
        const range = toolState.range ?? { start: video.currentTime, end: video.currentTime };
        return toolState.setRange({ ...range, [command.edge]: video.currentTime });
      }
    }
  };

  const onKeyDown = (event: PlayerKeyEvent) => {
    const target = event.target as HTMLElement;
    if (!isPrerollDone || OWN_KEYS.has(target.tagName)) return;
    const command = commandForKey(event);
    // Space on a focused button presses that button.
    if (!command || (event.key === ' ' && target.tagName === 'BUTTON')) return;
    if (command.type === 'mark' && !(toolState.isOpen && tool?.rangeLabels)) return;
    event.preventDefault();
    idle.wake();
    run(command);
  };

  // The shortcuts also work while nothing on the page has the focus (after a click on its text, or
  // on arrival): the player is what the watch page is for. Keys typed into a field, or pressed on
  // another control, keep their own meaning.
  const pageKeys = useRef(onKeyDown);
  useEffect(() => {
    pageKeys.current = onKeyDown;
  });
  useEffect(() => {
    const onPageKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.target !== document.body && event.target !== document.documentElement) return;
      pageKeys.current(event);
    };
    document.addEventListener('keydown', onPageKey);
    return () => document.removeEventListener('keydown', onPageKey);
  }, []);

  const showSpinner =
    isPrerollDone &&
    !session.failed &&
    autoplay !== 'blocked' &&
    (media.waiting || !media.hasFrame);

  const activeTool = stream.is_external ? null : tool;
  return (
    <>
      <div
        ref={setContainer}
        className={`${styles.frame} ${fill ? styles.fill : ''} ${idle.isIdle ? styles.idle : ''}`}
        tabIndex={0}
        role="region"
        aria-label={t('watch:player.label')}
        onKeyDown={onKeyDown}
        onPointerMove={idle.wake}
      >
        {early ? (
          <span ref={placeEarly} className={styles.videoSlot} />
        ) : (
          <video
            ref={setOwnVideo}
            className={videoClass}
            poster={posterUrl ?? undefined}
            playsInline
            preload="auto"
            onClick={actions.togglePlay}
            data-testid="main-video"
          />
        )}
        {!isPrerollDone && preroll && eventId !== undefined ? (
          <Suspense fallback={null}>
            <PrerollPlayer preroll={preroll} eventId={eventId} onDone={onPrerollDone} />
          </Suspense>
        ) : null}
        {showSpinner ? (
          <div className={styles.center} role="status" aria-label={t('watch:player.loading')}>
            <span className={styles.spinner} />
          </div>
        ) : null}
        {isPrerollDone &&
        showsUnmuteHint({ autoplay, muted: media.muted, paused: media.paused }) ? (
          // The browser only let the game start silent: say so, one click brings the sound.
          <button type="button" className={styles.unmuteHint} onClick={volume.toggleMute}>
            <PlayerIcon name="muted" />
            {t('watch:player.unmute')}
          </button>
        ) : null}
        {isPrerollDone && autoplay === 'blocked' && media.paused ? (
          <BigPlayButton label={t('watch:player.play')} onClick={actions.togglePlay} />
        ) : null}
        {isPrerollDone && !session.failed ? (
          <PlayerControls
            media={media}
            isLive={isLive}
            isBehindLive={behind}
            isFullscreen={fullscreen.isFullscreen}
            thumbnails={thumbnails}
            range={
              activeTool?.rangeLabels && toolState.range
                ? {
                    value: toolState.range,
                    labels: activeTool.rangeLabels,
                    onChange: toolState.setRange,
                  }
                : null
            }
            extra={
              activeTool ? (
                <ToolButton
                  ref={toolButtonRef}
                  tool={activeTool}
                  isOpen={toolState.isOpen}
                  panelId={toolState.panelId}
                  onToggle={toolState.toggle}
                />
              ) : null
            }
            canPip={canPictureInPicture()}
            actions={actions}
            volume={
              <VolumeControl
                volume={media.volume}
                muted={media.muted}
                onToggleMute={volume.toggleMute}
                onVolume={volume.setVolume}
              />
            }
            quality={
              <QualitySelect
                levels={session.levels}
                playing={session.level}
                chosen={session.chosenLevel}
                onChoose={session.chooseLevel}
              />
            }
          />
        ) : null}
        {session.failed ? (
          <PlayerMessage
            tone="alert"
            posterUrl={posterUrl}
            title={t('watch:player.error')}
            actions={
              <Button variant="secondary" size="s" onClick={session.retry}>
                {t('watch:player.retry')}
              </Button>
            }
          />
        ) : null}
      </div>
      {activeTool && toolState.isOpen ? (
        <section
          ref={toolPanelRef}
          id={toolState.panelId}
          className={styles.toolPanel}
          tabIndex={-1}
          aria-label={activeTool.label}
        >
          {activeTool.render({
            timeline,
            range: toolState.range,
            setRange: toolState.setRange,
            seekTo: actions.seekTo,
            timelineAnchor: session.timelineAnchor,
            pause: () => {
              if (video) pauseVideo(video);
            },
            close: toolState.close,
          })}
        </section>
      ) : null}
    </>
  );
}
