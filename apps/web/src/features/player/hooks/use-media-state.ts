import { useEffect, useState } from 'react';

export interface MediaState {
  paused: boolean;
  ended: boolean;
  /** Waiting for data (before the first frame or a stall). */
  waiting: boolean;
  /** At least one frame decoded: the poster and spinner can go. */
  hasFrame: boolean;
  currentTime: number;
  duration: number;
  /** The seekable window: 0..duration for VOD, the DVR window for live. */
  seekableStart: number;
  seekableEnd: number;
  volume: number;
  muted: boolean;
}

export const INITIAL_MEDIA_STATE: MediaState = {
  paused: true,
  ended: false,
  waiting: true,
  hasFrame: false,
  currentTime: 0,
  duration: 0,
  seekableStart: 0,
  seekableEnd: 0,
  volume: 1,
  muted: false,
};

const EVENTS = [
  'play',
  'pause',
  'playing',
  'waiting',
  'seeking',
  'seeked',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'loadeddata',
  'progress',
  'volumechange',
  'ended',
  'emptied',
] as const;

/** A snapshot of what the controls show, read from the element itself on each media event. */
export function readMediaState(video: HTMLVideoElement, waiting: boolean): MediaState {
  const seekable = video.seekable;
  const hasRange = seekable.length > 0;
  return {
    paused: video.paused,
    ended: video.ended,
    waiting,
    hasFrame: video.readyState >= 2,
    currentTime: video.currentTime,
    duration: Number.isFinite(video.duration) ? video.duration : 0,
    seekableStart: hasRange ? seekable.start(0) : 0,
    seekableEnd: hasRange ? seekable.end(seekable.length - 1) : 0,
    volume: video.volume,
    muted: video.muted,
  };
}

export function useMediaState(video: HTMLVideoElement | null): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL_MEDIA_STATE);
  useEffect(() => {
    if (!video) return;
    let waiting = video.readyState < 3;
    const update = (event?: Event) => {
      if (event?.type === 'waiting' || event?.type === 'seeking' || event?.type === 'emptied') {
        waiting = true;
      } else if (event?.type === 'playing' || event?.type === 'seeked' || event?.type === 'pause') {
        waiting = false;
      } else if (event?.type === 'timeupdate' && !video.paused && video.readyState >= 3) {
        waiting = false;
      }
      setState(readMediaState(video, waiting));
    };
    update();
    for (const name of EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [video]);
  return state;
}
