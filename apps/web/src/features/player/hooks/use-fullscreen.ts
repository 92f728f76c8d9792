import { useCallback, useEffect, useState } from 'react';

type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * Full screen for the whole player (controls included). iPhones only put the video element itself
 * in full screen, with the system's controls.
 */
export function useFullscreen(container: HTMLElement | null, video: IosVideo | null) {
  const [isFullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container && !!container);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [container]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else if (container?.requestFullscreen) {
      void container.requestFullscreen().catch(() => undefined);
    } else {
      video?.webkitEnterFullscreen?.();
    }
  }, [container, video]);

  return { isFullscreen, toggle };
}

/** WebKit's own presentation modes (Safari, iOS): picture-in-picture where the standard API is not. */
type PresentationVideo = HTMLVideoElement & {
  webkitSupportsPresentationMode?: (mode: string) => boolean;
  webkitSetPresentationMode?: (mode: 'inline' | 'picture-in-picture' | 'fullscreen') => void;
  webkitPresentationMode?: string;
};

const hasStandardPip = () =>
  // Missing, not false, in browsers without the API (and in jsdom).
  'pictureInPictureEnabled' in document && document.pictureInPictureEnabled;

const hasWebkitPip = (video: PresentationVideo | null) =>
  typeof video?.webkitSetPresentationMode === 'function' &&
  video.webkitSupportsPresentationMode?.('picture-in-picture') === true;

/**
 * Whether the player offers its picture-in-picture button: the standard API (Chromium, Safari on
 * the Mac), else WebKit's presentation mode (iOS). Firefox has neither: its own picture-in-picture
 * toggle over the video stays, since the video never sets disablePictureInPicture.
 */
export function canPictureInPicture(video: HTMLVideoElement | null): boolean {
  return hasStandardPip() || hasWebkitPip(video);
}

export function togglePictureInPicture(video: PresentationVideo | null) {
  if (!video) return;
  if (hasStandardPip()) {
    if (document.pictureInPictureElement) {
      void document.exitPictureInPicture().catch(() => undefined);
    } else {
      void video.requestPictureInPicture().catch(() => undefined);
    }
  } else if (hasWebkitPip(video)) {
    const inPip = video.webkitPresentationMode === 'picture-in-picture';
    video.webkitSetPresentationMode?.(inPip ? 'inline' : 'picture-in-picture');
  }
}
