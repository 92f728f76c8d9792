import type { PlaybackStream, Preroll } from '@rudy/contracts';
import { useCallback, useEffect, useState } from 'react';
import type {
  PlayerMark,
  PlayerRemote,
  PlayerTimeline,
  PlayerTool,
  RecordingOffsetListener,
} from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { canPictureInPicture, useFullscreen } from '../hooks/use-fullscreen';
import { useGameStart } from '../hooks/use-game-start';
import { useIdle } from '../hooks/use-idle';
import { useMediaState } from '../hooks/use-media-state';
import { usePlayerActions } from '../hooks/use-player-actions';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { usePlayerTool } from '../hooks/use-player-tool';
import { useStreamSession } from '../hooks/use-stream-session';
import { useThumbnails } from '../hooks/use-thumbnails';
import { useAdoptedVideo } from '../hooks/use-adopted-video';
import { useBrowserPauseFallback } from '../hooks/use-browser-pause';
import { useCaptions } from '../hooks/use-captions';
import { useDeviceHandOver } from '../hooks/use-device-hand-over';
import { useRemotePlayback } from '../hooks/use-remote-playback';
import { useCastSender } from '../hooks/use-cast-sender';
import { usePlayerRemote } from '../hooks/use-player-remote';
import { useVideoAnalytics, type VideoAnalytics } from '../hooks/use-video-analytics';
import { useVolume } from '../hooks/use-volume';
import type { LoadHls } from '../lib/attach-stream';
import { takeEarlyVideo } from '../lib/early-player';
import { isBehindLive } from '../lib/live-edge';
import { markProgramTime, pauseVideo } from '../lib/media-commands';
import { CaptionSelect } from './caption-select';
import { DeviceButtons } from './device-buttons';
import { PlayerControls } from './player-controls';
import { PlayerOverlays } from './player-overlays';
import { PrerollSlot } from './preroll-slot';
import { QualitySelect } from './quality-select';
import { ToolButton } from './tool-button';
import { ToolPanel } from './tool-panel';
import { VolumeControl } from './volume-control';
import styles from './player.module.css';

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
  marks = [],
  playerRemote = null,
  onRecordingOffset,
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
  /** Ticks on the seek bar (a game's key moments). */
  marks?: readonly PlayerMark[];
  /** Filled in for the page around the player (the key moments list). */
  playerRemote?: { current: PlayerRemote | null } | null;
  /** Told where the recording's seconds (the moments') fall on the player's clock. */
  onRecordingOffset?: RecordingOffsetListener | undefined;
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
  const session = useStreamSession(video, stream.url, loadHls);
  const media = useMediaState(video);
  const volume = useVolume(video);
  const fullscreen = useFullscreen(container, video);
  const captions = useCaptions(video);
  const remote = useRemotePlayback(video);
  const cast = useCastSender(video, stream);
  useDeviceHandOver(video, stream.url, stream.device_url, stream.kind === 'vod');
  // Thumbnails describe a finished recording; a live seek bar moves too fast to preview.
  const thumbnails = useThumbnails(stream.kind === 'vod' ? thumbnailsUrl : null, media.hasFrame);
  // An external live source is only redirected to, never recorded here: nothing to cut.
  const activeTool = stream.is_external ? null : tool;
  const isLive = stream.kind === 'live';
  const timeline: PlayerTimeline = {
    start: isLive ? media.seekableStart : 0,
    end: isLive ? media.seekableEnd : media.duration,
    currentTime: media.currentTime,
    isLive,
  };
  const {
    buttonRef: toolButtonRef,
    panelRef: toolPanelRef,
    ...toolState
  } = usePlayerTool(activeTool, timeline);
  const idle = useIdle(isPrerollDone && !media.paused && !toolState.isOpen);
  const liveEdge = isLive ? (session.liveEdge() ?? media.seekableEnd) : null;
  const windowStart = stream.dvr.window_start ?? null;
  const recordingOffset = !isLive ? 0 : windowStart ? session.recordingOffset(windowStart) : null;
  useEffect(() => {
    if (!onRecordingOffset) return undefined;
    onRecordingOffset(recordingOffset);
    return () => onRecordingOffset(null);
  }, [onRecordingOffset, recordingOffset]);
  const [autoplay, setAutoplay] = useGameStart(video, isPrerollDone, {
    early,
    liveEdge: isLive ? session.liveEdge : null,
  });
  const onPrerollDone = useCallback(() => setPrerollDone(true), []);
  const onMutedByBrowser = useCallback(() => setAutoplay('muted'), [setAutoplay]);
  // Once the game has started (not while the autoplay is still being tried, nor waiting for a click).
  useBrowserPauseFallback(
    video,
    isPrerollDone && autoplay !== null && autoplay !== 'blocked',
    onMutedByBrowser,
  );
  useVideoAnalytics(video, analytics, isPrerollDone);

  // The encoder's clock at the play position, for latency measurements (bench/ttff.ts).
  useEffect(() => {
    const date = session.playingDate();
    if (video && date) markProgramTime(video, date);
  });

  const { actions, run } = usePlayerActions({
    video,
    media,
    isLive,
    liveEdge,
    volume,
    toggleFullscreen: fullscreen.toggle,
    range: toolState.range,
    setRange: toolState.setRange,
  });
  usePlayerRemote(playerRemote, { seekTo: actions.seekTo, openToolWith: toolState.openWith });
  const onKeyDown = usePlayerShortcuts({
    enabled: isPrerollDone,
    canMark: toolState.isOpen && !!activeTool?.rangeLabels,
    onCommand: (command) => {
      idle.wake();
      run(command);
    },
  });

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
          <PrerollSlot preroll={preroll} eventId={eventId} onDone={onPrerollDone} />
        ) : null}
        <PlayerOverlays
          isStarted={isPrerollDone}
          media={media}
          autoplay={autoplay}
          failed={session.failed}
          posterUrl={posterUrl}
          onUnmute={volume.toggleMute}
          onPlay={actions.togglePlay}
          onRetry={session.retry}
        />
        {isPrerollDone && !session.failed ? (
          <PlayerControls
            media={media}
            isLive={isLive}
            isBehindLive={isLive && isBehindLive(media.currentTime, liveEdge)}
            isFullscreen={fullscreen.isFullscreen}
            thumbnails={thumbnails}
            marks={marks}
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
            canPip={canPictureInPicture(video)}
            captions={<CaptionSelect captions={captions} />}
            devices={<DeviceButtons remote={remote} cast={cast} />}
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
      </div>
      {activeTool && toolState.isOpen ? (
        <ToolPanel
          tool={activeTool}
          id={toolState.panelId}
          panelRef={toolPanelRef}
          api={{
            timeline,
            range: toolState.range,
            setRange: toolState.setRange,
            seekTo: actions.seekTo,
            timelineAnchor: session.timelineAnchor,
            pause: () => {
              if (video) pauseVideo(video);
            },
            close: toolState.close,
          }}
        />
      ) : null}
    </>
  );
}
