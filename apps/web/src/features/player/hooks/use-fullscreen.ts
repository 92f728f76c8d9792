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

export function canPictureInPicture(): boolean {
  // Missing, not false, in browsers without the API (and in jsdom).
  return 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled;
}

export function togglePictureInPicture(video: HTMLVideoElement | null) {
  if (!video) return;
  if (document.pictureInPictureElement) {
    void document.exitPictureInPicture().catch(() => undefined);
  } else {
    void video.requestPictureInPicture().catch(() => undefined);
  }
}
