/** What a masked secret reads as in the log. */
export const MASK = '***';

/**
 * Query parameters whose value is a credential: API keys (30-day bearer keys once signed in), the
 * dev outbox key (`token`), mail link signatures (`/verify-email`, `/password-reset`), OAuth codes
 * and state (`/auth/login/:provider/callback`, and the one-time `code` handed to `/login`).
 * Compared after decoding and lower-casing, so `API_KEY` and `api%5Fkey` are masked as well.
 */
const SECRET_PARAMS = new Set([
  'api_key',
  'apikey',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'signature',
  'code',
  'state',
  'password',
  'client_secret',
]);

/**
 * `/media/e/:eventId/:token/*`, `/media/c/:clipId/:token/*` and `/media/v/:itemId/:token/*`: the
 * token authorises the file.
 */
const MEDIA_PATH = /^(\/+media\/+[ecv]\/+[^/]*\/+)([^/]+)/i;
/**
 * A media token wherever it appears (scope.expiry.channel.event.key.signature; see media-token.ts),
 * so a mistyped path or a token pasted into a query is masked too.
 */
const MEDIA_TOKEN = /[a-z]\.\d{1,12}\.\d{1,10}\.\d{1,10}\.\d{1,19}\.[A-Za-z0-9_-]{32}/g;

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** `API_KEY`, `api%5Fkey`, `api_key[]` and ` api_key` all name the key for this purpose. */
function paramName(raw: string): string | null {
  const name = decode(raw.replaceAll('+', ' '));
  return name === null
    ? null
    : name
        .trim()
        .toLowerCase()
        .replace(/\[[^\]]*\]$/, '');
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || eq === pair.length - 1) return pair;
      const name = paramName(pair.slice(0, eq));
      // A name that does not decode cannot be compared: its value is masked rather than trusted.
      return name === null || SECRET_PARAMS.has(name) ? `${pair.slice(0, eq)}=${MASK}` : pair;
    })
    .join('&');
}

/**
 * The request URL as it may be written to a log: path and query kept for diagnosis, credentials
 * masked (query parameters above, the media token in `/media/e/...` paths). Pure, never throws.
 */
export function logSafeUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // The router decodes the path before matching, so an encoded spelling reaches the media route.
  const decoded = path.includes('%') ? decode(path) : null;
  const maskedPath =
    decoded !== null && MEDIA_PATH.test(decoded)
      ? decoded.replace(MEDIA_PATH, `$1${MASK}`)
      : path.replace(MEDIA_PATH, `$1${MASK}`);
  const masked = q < 0 ? maskedPath : `${maskedPath}?${maskQuery(url.slice(q + 1))}`;
  return masked.replace(MEDIA_TOKEN, MASK);
}
