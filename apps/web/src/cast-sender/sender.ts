import type { CastMedia, FrameToPlayer, PlayerToFrame } from './messages';

/** Google's Cast Web Sender (with the Cast framework): loaded here only. */
const CAST_SENDER_SCRIPT =
  'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

/** The player's message: from the parent window, on this origin, with a stream; else null. */
function playerMessage(event: MessageEvent, parent: Window, origin: string): PlayerToFrame | null {
  if (event.source !== parent || event.origin !== origin) return null;
  const data = event.data as Partial<PlayerToFrame> | null;
  return data?.rudyCast === 'media' && typeof data.media?.url === 'string'
    ? (data as PlayerToFrame)
    : null;
}

/* The parts of Google's Cast Web Sender (chrome.cast and cast.framework) the frame uses. */
interface CastMediaSession {
  getEstimatedTime(): number;
}
interface CastSession {
  loadMedia(request: object): Promise<unknown>;
  getMediaSession(): CastMediaSession | null;
  getCastDevice(): { friendlyName?: string };
  endSession(stopCasting: boolean): void;
}
interface CastContext {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  addEventListener(type: string, listener: (event: { sessionState: string }) => void): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSession | null;
}
interface MediaInfo {
  streamType: string;
  metadata: { title?: string } | null;
}
export interface CastGlobals {
  chrome: {
    cast: {
      AutoJoinPolicy: { ORIGIN_SCOPED: string };
      media: {
        DEFAULT_MEDIA_RECEIVER_APP_ID: string;
        StreamType: { BUFFERED: string; LIVE: string };
        MediaInfo: new (contentId: string, contentType: string) => MediaInfo;
        GenericMediaMetadata: new () => { title?: string };
        LoadRequest: new (info: MediaInfo) => { currentTime?: number; autoplay?: boolean };
      };
    };
  };
  cast: {
    framework: {
      CastContext: { getInstance(): CastContext };
      CastContextEventType: { SESSION_STATE_CHANGED: string };
      SessionState: { SESSION_STARTED: string; SESSION_RESUMED: string; SESSION_ENDED: string };
    };
  };
}
type SenderWindow = Window & { __onGCastApiAvailable?: (available: boolean) => void };

/**
 * The cast frame: loads Google's sender, shows "choose a TV" once it says Cast is there (Chrome's
 * device dialog needs a click in the frame that asks for it), and has the receiver (Google's
 * Default Media Receiver) play the stream the player posts. A new address (the player's playback
 * answer renewed its token) is loaded again in the same session, at the receiver's current time.
 */
export function runCastSender(win: SenderWindow, doc: Document): () => void {
  const status = doc.getElementById('status') as HTMLElement;
  const choose = doc.getElementById('choose') as HTMLButtonElement;
  const stop = doc.getElementById('stop') as HTMLButtonElement;
  const origin = win.location.origin;
  const post = (message: FrameToPlayer) => win.parent.postMessage(message, origin);
  let media: CastMedia | null = null;
  let loadedUrl: string | null = null;
  let sdk: (CastGlobals & Window) | null = null;
  let unavailable = false;

  const showLabels = () => {
    if (!media) return;
    choose.textContent = media.labels.choose;
    stop.textContent = media.labels.stop;
    if (unavailable) status.textContent = media.labels.unavailable;
  };

  const load = async () => {
    const session = sdk?.cast.framework.CastContext.getInstance().getCurrentSession();
    if (!sdk || !session || !media || media.url === loadedUrl) return;
    const { chrome } = sdk;
    const playing = media;
    // A renewal reloads where the receiver is; the first load starts where the viewer was.
    const at =
      loadedUrl === null
        ? playing.at
        : (session.getMediaSession()?.getEstimatedTime() ?? playing.at);
    const info = new chrome.cast.media.MediaInfo(playing.url, 'application/vnd.apple.mpegurl');
    info.streamType = playing.live
      ? chrome.cast.media.StreamType.LIVE
      : chrome.cast.media.StreamType.BUFFERED;
    const metadata = new chrome.cast.media.GenericMediaMetadata();
    metadata.title = playing.title;
    info.metadata = metadata;
    const request = new chrome.cast.media.LoadRequest(info);
    request.autoplay = true;
    // Live starts at the receiver's live edge.
    if (!playing.live) request.currentTime = at;
    loadedUrl = playing.url;
    try {
      await session.loadMedia(request);
    } catch {
      loadedUrl = null;
      return;
    }
    const device = session.getCastDevice().friendlyName || playing.labels.device;
    status.textContent = playing.labels.casting.replace('{{device}}', device);
    stop.hidden = false;
    post({ rudyCast: 'casting', device });
  };

  const giveUp = () => {
    unavailable = true;
    choose.hidden = true;
    showLabels();
    post({ rudyCast: 'unavailable' });
  };

  const onMessage = (event: MessageEvent) => {
    const message = playerMessage(event, win.parent, origin);
    if (!message) return;
    media = message.media;
    showLabels();
    void load();
  };
  win.addEventListener('message', onMessage);

  win.__onGCastApiAvailable = (available) => {
    if (!available) return giveUp();
    sdk = win as unknown as CastGlobals & Window;
    const { chrome, cast } = sdk;
    const context = cast.framework.CastContext.getInstance();
    context.setOptions({
      receiverApplicationId: chrome.cast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
      autoJoinPolicy: chrome.cast.AutoJoinPolicy.ORIGIN_SCOPED,
    });
    const { SESSION_STARTED, SESSION_RESUMED, SESSION_ENDED } = cast.framework.SessionState;
    context.addEventListener(cast.framework.CastContextEventType.SESSION_STATE_CHANGED, (event) => {
      if (event.sessionState === SESSION_STARTED || event.sessionState === SESSION_RESUMED) {
        loadedUrl = null;
        // The viewer's position now, not when the menu opened.
        post({ rudyCast: 'want-media' });
      } else if (event.sessionState === SESSION_ENDED) {
        loadedUrl = null;
        status.textContent = '';
        stop.hidden = true;
        post({ rudyCast: 'casting', device: null });
      }
    });
    // The viewer closing Chrome's device list is a rejection, not an error to show.
    choose.addEventListener('click', () => void context.requestSession().catch(() => undefined));
    stop.addEventListener('click', () => context.getCurrentSession()?.endSession(true));
    choose.hidden = false;
  };

  const script = doc.createElement('script');
  script.src = CAST_SENDER_SCRIPT;
  script.addEventListener('error', giveUp);
  doc.head.append(script);
  post({ rudyCast: 'want-media' });
  return () => win.removeEventListener('message', onMessage);
}
