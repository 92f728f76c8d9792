import {
  ANALYTICS_HEARTBEAT_MS,
  ANALYTICS_SESSION_TTL_MS,
  ANALYTICS_TIMEOUT_MS,
  type DatalakeEventKind,
  type RuntimeConfig,
  type StreamType,
} from '@rudy/contracts';
import { onAppEvent, type AppEventMap } from './app-events';
import { getOuterTracking, storeOuterTracking } from './navigation-memory';
import { STORAGE_KEYS, getItem, setItem } from './storage';
import { connectVideoViews } from './video-views';

/*
 * The analytics client of spec sections 1, 7, 8 and 9: a session hash kept 24 h, page visits,
 * logins, failed API calls, and per video view its first frame and viewing time. Every payload
 * carries origin_url and, while it is kept, the campaign's `trk`. Failures are silent and nothing
 * here may hold up the page: start-up imports this module once the page has loaded (the player
 * reports its views through video-views.ts, which hands them over when this has started).
 */

/** What the dashboard breaks watch time down by: the game's category, sport, gender, school, league. */
export interface VideoMeta {
  category?: string | null;
  sport?: string | null;
  gender?: string | null;
  school?: string | null;
  league?: string | null;
}

export interface VideoView {
  /** The first frame showed, `ms` after playback was asked for (sent once per view). */
  firstFrame(ms: number): void;
  /**
   * Playing or not: only time spent playing counts as viewing time. `at` is when it changed
   * (performance.now(); now if omitted), for a view recorded before the client loaded.
   */
  setPlaying(isPlaying: boolean, at?: number): void;
  /** The view is over (player closed): its last viewing time goes out at once. */
  end(): void;
}

export interface AnalyticsOptions {
  config: RuntimeConfig;
  /** The channel key, sent as `profile`. */
  channelKey: () => string | null;
  /** The signed-in viewer, if any. */
  user: () => { id: number; email: string } | null;
  /** The API key: the datalake counts the user it is bound to, never a user_id claimed. */
  apiKey: () => string | null;
  fetch?: typeof fetch;
  window?: Window;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Spec section 7: nothing is sent from localhost, unless the deployment says otherwise. */
export function isAnalyticsAllowed(config: RuntimeConfig, hostname: string): boolean {
  if (config.analytics_url === null) return false;
  return config.analytics_localhost === true || !LOCAL_HOSTS.has(hostname);
}

/** A random v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function uuid4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function deviceType(win: Window): string {
  const touch = win.matchMedia?.('(pointer: coarse)').matches ?? false;
  if (!touch) return 'desktop';
  return Math.min(win.screen.width, win.screen.height) >= 600 ? 'tablet' : 'mobile';
}

/** The OS as the browser names it: User-Agent Client Hints where they exist, else the old field. */
function platformOf(nav: Navigator): string {
  const hints = (nav as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- Safari and Firefox have no hints
  return hints?.platform || nav.platform;
}

function createClient(opts: AnalyticsOptions) {
  const win = opts.window ?? window;
  const base = (opts.config.analytics_url ?? '').replace(/\/+$/, '');
  const fetchFn: typeof fetch = (input, init) => (opts.fetch ?? win.fetch.bind(win))(input, init);
  const views = new Set<{ flush(beacon: boolean): void }>();
  let pendingSession: Promise<string | null> | null = null;

  /** Where the visitor is: the page without its query (which may hold a reset link's secrets). */
  const tracked = () => {
    const trk = getOuterTracking();
    return {
      origin_url: `${win.location.origin}${win.location.pathname}`,
      ...(trk ? { trk } : {}),
    };
  };

  /** One datalake call; any failure is swallowed (spec section 8). */
  function send(path: string, body: Record<string, unknown>, beacon = false) {
    const text = JSON.stringify({ ...body, ...tracked() });
    const url = `${base}${path}`;
    // text/plain is CORS-safelisted: no preflight to a datalake on another host, and beacons allow it.
    const type = 'text/plain;charset=UTF-8';
    if (beacon && typeof win.navigator.sendBeacon === 'function') {
      try {
        if (win.navigator.sendBeacon(url, new Blob([text], { type }))) return;
      } catch {
        // fall through to fetch
      }
    }
    fetchFn(url, {
      method: 'POST',
      body: text,
      headers: { 'content-type': type },
      keepalive: true,
      signal: AbortSignal.timeout(ANALYTICS_TIMEOUT_MS),
    }).catch(() => undefined);
  }

  /** The session hash (kept 24 h); a new one is asked for and the session posted once. */
  function session(): Promise<string | null> {
    const stored = getItem(STORAGE_KEYS.analyticsSession);
    if (stored) return Promise.resolve(stored);
    pendingSession ??= fetchFn(`${base}/datalake/hash/`, {
      signal: AbortSignal.timeout(ANALYTICS_TIMEOUT_MS),
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ data?: unknown }>) : null))
      .then((body) => {
        const hash = typeof body?.data === 'string' ? body.data : null;
        if (!hash) return null;
        setItem(STORAGE_KEYS.analyticsSession, hash, ANALYTICS_SESSION_TTL_MS);
        send('/datalake/session/', {
          profile: opts.channelKey(),
          session: hash,
          device_type: deviceType(win),
          user_agent: win.navigator.userAgent,
          resolution: `${win.screen.width}x${win.screen.height}`,
          platform: platformOf(win.navigator),
        });
        return hash;
      })
      .catch(() => null)
      .finally(() => {
        pendingSession = null;
      });
    return pendingSession;
  }

  /** Who is reporting: the spec's user fields, and the API key that proves them. */
  function who() {
    const user = opts.user();
    return { user_id: user?.id ?? null, user_email: user?.email ?? null, api_key: opts.apiKey() };
  }

  function event(kind: DatalakeEventKind, extras: Record<string, string | number | null>) {
    void session().then((hash) => {
      if (!hash) return;
      send('/datalake/event/', {
        profile: opts.channelKey(),
        session_uuid: hash,
        ...who(),
        event: kind,
        extras,
      });
    });
  }

  function startView(v: { streamId: number; streamType: StreamType; meta: () => VideoMeta }) {
    const uuid = uuid4();
    let playingSince: number | null = null;
    let banked = 0;
    let framed = false;
    let hash: string | null = null;
    void session().then((h) => (hash = h));
    const now = () => win.performance.now();
    const stream = { video_view_uuid: uuid, stream_id: v.streamId, stream_type: v.streamType };

    const view = {
      flush(beacon: boolean) {
        const ms = banked + (playingSince === null ? 0 : now() - playingSince);
        banked = 0;
        if (playingSince !== null) playingSince = now();
        const seconds = Math.round(ms / 100) / 10;
        if (seconds <= 0) return;
        const meta = v.meta();
        send(
          '/datalake/video/viewing/',
          {
            viewing_time: seconds,
            category: meta.category ?? null,
            sport: meta.sport ?? null,
            gender: meta.gender ?? null,
            school: meta.school ?? null,
            league: meta.league ?? null,
            ...stream,
            profile: opts.channelKey(),
            session_uuid: hash,
          },
          beacon,
        );
      },
    };
    views.add(view);
    const heartbeat = win.setInterval(() => view.flush(false), ANALYTICS_HEARTBEAT_MS);

    return {
      firstFrame(ms: number) {
        if (framed) return;
        framed = true;
        void session().then((h) => {
          if (!h) return;
          send('/datalake/video/event/', {
            profile: opts.channelKey(),
            session_uuid: h,
            ...stream,
            event: 'first_frame',
            first_frame_ms: Math.round(ms),
            ...who(),
          });
        });
      },
      setPlaying(isPlaying: boolean, at = now()) {
        if (isPlaying && playingSince === null) playingSince = at;
        if (!isPlaying && playingSince !== null) {
          banked += at - playingSince;
          playingSince = null;
        }
      },
      end() {
        win.clearInterval(heartbeat);
        view.flush(true);
        views.delete(view);
      },
    } satisfies VideoView;
  }

  // Viewing time still counted when the tab goes away is sent as a beacon (it survives unload).
  const onHide = () => {
    if (win.document.visibilityState === 'hidden') for (const v of views) v.flush(true);
  };
  win.document.addEventListener('visibilitychange', onHide);
  win.addEventListener('pagehide', onHide);
  const login = (method: AppEventMap['signed-in']['method']) => event('login', { method });
  const offSignedIn = onAppEvent('signed-in', ({ method }) => login(method));
  const offFailure = onAppEvent('api-failure', (f) => {
    event('api_request', { status: f.status, code: f.code, method: f.method, path: f.path });
  });

  return {
    page(path: string) {
      event('visit_page', { path, title: win.document.title || null });
    },
    login,
    apiFailure: (f: { status: number; code: string; method: string; path: string }) =>
      event('api_request', f),
    startView,
    stop() {
      win.document.removeEventListener('visibilitychange', onHide);
      win.removeEventListener('pagehide', onHide);
      offSignedIn();
      offFailure();
      for (const v of views) v.flush(true);
      views.clear();
    },
  };
}

let client: ReturnType<typeof createClient> | null = null;

/** Starts reporting (once); false when this deployment or host sends nothing. */
export function startAnalytics(opts: AnalyticsOptions): boolean {
  const win = opts.window ?? window;
  storeOuterTracking(win.location.search);
  if (client) return true;
  if (!isAnalyticsAllowed(opts.config, win.location.hostname)) {
    connectVideoViews(null);
    return false;
  }
  const started = createClient(opts);
  client = started;
  connectVideoViews(started.startView);
  return true;
}

export function stopAnalytics() {
  client?.stop();
  client = null;
  connectVideoViews(null);
}

/** visit_page for a navigation (its path, without the query). */
export function trackPage(path: string) {
  client?.page(path);
}

/** login for a sign-in that happened before the client started. */
export function trackLogin(method: AppEventMap['signed-in']['method']) {
  client?.login(method);
}

/** api_request for failed calls that happened before the client started. */
export function trackApiFailure(f: { status: number; code: string; method: string; path: string }) {
  client?.apiFailure(f);
}

const NO_VIEW: VideoView = {
  firstFrame: () => undefined,
  setPlaying: () => undefined,
  end: () => undefined,
};

/** A video view of the player; a no-op when analytics are off. */
export function startVideoView(v: {
  streamId: number;
  streamType: StreamType;
  meta: () => VideoMeta;
}): VideoView {
  return client?.startView(v) ?? NO_VIEW;
}

/** The channel's Google tag (settings.google_tag_id), loaded only when the channel has one. */
export function loadGoogleTag(id: string, win: Window = window) {
  if (!/^[A-Z]{1,3}-[A-Z0-9]{4,20}$/.test(id)) return;
  const w = win as Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
  w.dataLayer = w.dataLayer ?? [];
  const layer = w.dataLayer;
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its own snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id);
  const script = win.document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  win.document.head.appendChild(script);
}
