import { startLevelFor, type QualityLevel } from './quality';

/** A rendition as a master playlist lists it. */
export interface MasterEntry extends QualityLevel {
  url: string;
}

/** The URI of a tag's attribute (`URI="init.mp4"`), or null. */
function uriAttribute(line: string): string | null {
  return /URI="([^"]+)"/.exec(line)?.[1] ?? null;
}

/** The renditions of a master playlist, in its order; empty for a media playlist. */
export function masterEntries(text: string, baseUrl: string): MasterEntry[] {
  const entries: MasterEntry[] = [];
  let pending: { height: number; bitrate: number } | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const bitrate = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
      const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
      pending = { height, bitrate };
    } else if (pending && line && !line.startsWith('#')) {
      entries.push({ index: entries.length, ...pending, url: new URL(line, baseUrl).href });
      pending = null;
    }
  }
  return entries;
}

/**
 * What hls.js asks first of a finished (VOD) media playlist: its initialisation section, if any,
 * and its first segment. A live playlist (no end tag) gives none: hls.js starts near its live
 * edge, not at its first segment.
 */
export function firstMediaUrls(text: string, baseUrl: string): string[] {
  if (!text.includes('#EXT-X-ENDLIST')) return [];
  const urls: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = uriAttribute(line);
      if (uri) urls.push(new URL(uri, baseUrl).href);
    } else if (line && !line.startsWith('#')) {
      urls.push(new URL(line, baseUrl).href);
      break;
    }
  }
  return urls;
}

export interface StreamStartOptions {
  /** The player's height in device pixels, as hls.js's start level is chosen for it. */
  playerHeightPx: number;
  /** hls.js's bandwidth estimate before it has measured anything (HLS_CONFIG). */
  bandwidthBps: number;
  /** Also warmed: the transmuxer worker's script, which hls.js loads at the first segment. */
  workerUrl?: string;
  fetchImpl?: typeof fetch;
}

/**
 * Makes the requests hls.js starts a stream with (master playlist, the start rendition's playlist,
 * its first segment, and the transmuxer worker's script) while hls.js's own code, the watch page's
 * largest file, is still downloading: hls.js then finds them in the browser's cache instead of
 * asking for each in turn (issue 14: three round trips and a worker's script in front of the first
 * frame). The start rendition is the one hls.js will pick (startLevelFor, the player's rule).
 * The server lets the browser reuse a finished game's playlists for a while (media-files routes);
 * a live game's it does not, and there the prefetch stops after the first playlist (hls.js would
 * ask again, and picks its live segment itself). Failures are left to hls.js, which asks again and
 * reports them.
 */
export async function prefetchStreamStart(url: string, options: StreamStartOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  // The body is read so the response is complete in the cache before hls.js asks.
  const get = async (target: string) => {
    const res = await fetchImpl(target, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${res.status}`);
    return res;
  };
  if (options.workerUrl) void get(options.workerUrl).then((res) => res.arrayBuffer(), ignore);
  try {
    const masterUrl = new URL(url, globalThis.location?.href).href;
    const masterRes = await get(masterUrl);
    const master = await masterRes.text();
    // hls.js would ask again for a playlist the browser may not reuse (a live one): stop there.
    if (!reusable(masterRes)) return;
    const entries = masterEntries(master, masterUrl);
    const start = entries.length
      ? entries[startLevelFor(entries, options.playerHeightPx, options.bandwidthBps)]
      : null;
    const mediaUrl = start?.url ?? masterUrl;
    const mediaRes = start ? await get(mediaUrl) : null;
    const media = mediaRes ? await mediaRes.text() : master;
    if (mediaRes && !reusable(mediaRes)) return;
    await Promise.all(
      firstMediaUrls(media, mediaUrl).map((segment) =>
        get(segment).then((res) => res.arrayBuffer()),
      ),
    );
  } catch {
    // hls.js asks for the same and handles the failure.
  }
}

/** Whether the browser keeps the response for a later request (a max-age, not no-cache). */
function reusable(res: Response): boolean {
  const cache = res.headers.get('cache-control') ?? '';
  return /max-age=[1-9]/.test(cache) && !/no-cache|no-store/.test(cache);
}

function ignore() {
  return undefined;
}
