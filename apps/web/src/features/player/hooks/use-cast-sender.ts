import type { PlaybackStream } from '@rudy/contracts';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { FrameToPlayer, PlayerToFrame } from '../../../cast-sender/messages';
import { useT } from '../../../lib/i18n';

/** The cast frame's page (apps/web/cast-sender.html): the only one whose CSP allows Google's sender. */
export const CAST_SENDER_PATH = '/cast-sender.html';

const FRAME_MESSAGES: ReadonlySet<unknown> = new Set(['want-media', 'unavailable', 'casting']);

/** The cast frame's message: from its window, on this origin, one of ours; else null. */
function frameMessage(event: MessageEvent, frame: Window): FrameToPlayer | null {
  if (event.source !== frame || event.origin !== globalThis.location.origin) return null;
  const data = event.data as Partial<FrameToPlayer> | null;
  return FRAME_MESSAGES.has(data?.rudyCast) ? (data as FrameToPlayer) : null;
}

/**
 * Whether this browser can cast through Google's Cast Web Sender: Chrome (and Chromium-based
 * browsers with its Media Router) have `window.chrome` and the Presentation API the sender uses.
 * Not in a page framed by another site (the embed): the cast frame may be framed by the site only.
 */
export function castSenderOffered(): boolean {
  return (
    'chrome' in globalThis &&
    typeof (globalThis as { PresentationRequest?: unknown }).PresentationRequest === 'function' &&
    globalThis.top === globalThis.self
  );
}

export interface CastSenderControl {
  offered: boolean;
  /** The menu (and its frame, kept once made so a session goes on) is open. */
  isOpen: boolean;
  /** The frame exists: made on the first opening only, never before. */
  hasFrame: boolean;
  toggle: () => void;
  /** Given the frame element once it is made (a callback ref). */
  setFrame: (frame: HTMLIFrameElement | null) => void;
  /** The receiver's name while one plays the stream. */
  device: string | null;
  unavailable: boolean;
}

/**
 * The desktop Chrome cast menu: the cast frame (/cast-sender.html, the only page whose CSP allows
 * Google's sender script) is created when the viewer first opens the menu. It is handed the stream
 * under the viewer's own path token (`device_url`: a receiver never has the browser's media
 * cookie), as an absolute URL, and the new one whenever the playback answer is renewed.
 */
export function useCastSender(
  video: HTMLVideoElement | null,
  stream: Pick<PlaybackStream, 'url' | 'device_url' | 'kind'>,
): CastSenderControl {
  const { t } = useT();
  const [offered] = useState(castSenderOffered);
  const [isOpen, setOpen] = useState(false);
  const [hasFrame, setHasFrame] = useState(false);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [device, setDevice] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const url = new URL(stream.device_url ?? stream.url, globalThis.location.href).href;
  const live = stream.kind === 'live';

  // The stream as it is when sent: the frame asks when a session starts, for the position then.
  const send = useEffectEvent(() => {
    const target = frame?.contentWindow;
    if (!target) return;
    const message: PlayerToFrame = {
      rudyCast: 'media',
      media: {
        url,
        live,
        at: video?.currentTime ?? 0,
        title: globalThis.document.title,
        labels: {
          choose: t('watch:player.cast'),
          stop: t('watch:player.castStop'),
          casting: t('watch:player.casting', { device: '{{device}}' }),
          device: t('watch:player.castDevice'),
          unavailable: t('watch:player.castUnavailable'),
        },
      },
    };
    target.postMessage(message, globalThis.location.origin);
  });

  useEffect(() => {
    const target = frame?.contentWindow ?? null;
    if (!target) return;
    const onMessage = (event: MessageEvent) => {
      const message = frameMessage(event, target);
      if (!message) return;
      if (message.rudyCast === 'want-media') send();
      else if (message.rudyCast === 'unavailable') setUnavailable(true);
      else {
        setDevice(message.device);
        // The game goes on on the TV, not twice.
        if (message.device !== null) video?.pause();
      }
    };
    globalThis.addEventListener('message', onMessage);
    return () => globalThis.removeEventListener('message', onMessage);
  }, [frame, video]);

  // A renewed playback answer (a new token in the address) reaches the receiver.
  useEffect(() => {
    if (frame) send();
  }, [frame, url]);

  const toggle = useCallback(() => {
    setHasFrame(true);
    setOpen((open) => !open);
  }, []);

  return { offered, isOpen, hasFrame, toggle, setFrame, device, unavailable };
}
