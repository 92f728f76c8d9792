import {
  isSitePath,
  type DatalakeEventBody,
  type DatalakeSessionBody,
  type DatalakeViewingBody,
  type StreamType,
  type VideoEventKind,
} from '@rudy/contracts';
import { logSafeUrl } from '../../lib/log-safe-url.js';

/** analytics_raw.kind: which datalake call a row came from. */
export const RAW_KIND = { session: 1, event: 2, videoEvent: 3, viewing: 4 } as const;
export type RawKind = (typeof RAW_KIND)[keyof typeof RAW_KIND];

/** One accepted datalake call as stored (analytics_raw). */
export interface RawRow {
  received_at: Date;
  channel_id: number;
  kind: RawKind;
  name: string | null;
  session_uuid: string | null;
  video_view_uuid: string | null;
  /**
   * Who reported it, as verified (the user bound to the call's API key), else null: never the
   * user id the client claims, which is kept apart in data.claimed_user_id (see reporter()).
   */
  user_id: number | null;
  stream_id: number | null;
  stream_type: StreamType | null;
  /** viewing: seconds watched; first_frame: milliseconds it took. */
  value: number | null;
  data: Record<string, unknown>;
}

/** A video event as validated (the schema's default event applied). */
export interface VideoEventInput {
  session_uuid: string;
  video_view_uuid: string;
  stream_id: number;
  stream_type: StreamType;
  event: VideoEventKind;
  user_id?: number | null | undefined;
  first_frame_ms?: number | null | undefined;
  origin_url?: string | null | undefined;
  trk?: string | null | undefined;
}

const PAGE_PATH_MAX = 200;

/**
 * origin_url as stored: credentials in its query (a reset link's signature, an API key) masked, the
 * fragment dropped. What does not parse as a URL is masked as a path.
 */
export function safeOriginUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return `${url.origin}${logSafeUrl(url.pathname + url.search)}`;
  } catch {
    return logSafeUrl(value.split('#')[0] ?? '');
  }
}

/**
 * The page a visit counts for: the path the client names, else origin_url's, without query. Null
 * unless it is a page of this site (isSitePath): the dashboard lists and links these.
 */
export function pagePath(path: unknown, originUrl: string | null | undefined): string | null {
  let candidate: string | null = typeof path === 'string' && path.startsWith('/') ? path : null;
  if (!candidate && originUrl) {
    try {
      candidate = new URL(originUrl).pathname;
    } catch {
      candidate = null;
    }
  }
  if (!candidate) return null;
  const clean = (candidate.split(/[?#]/)[0] ?? '/').slice(0, PAGE_PATH_MAX) || '/';
  return isSitePath(clean) ? clean : null;
}

/** Extras are the client's words; a URL among them may carry a credential in its query. */
function safeExtras(extras: DatalakeEventBody['extras']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extras ?? {})) {
    out[key] = typeof value === 'string' && value.includes('?') ? logSafeUrl(value) : value;
  }
  return out;
}

/**
 * safeOriginUrl of the addresses seen lately. A viewer's heartbeats come from one page every 30 s,
 * so most calls repeat an address; parsing it again each time was a good part of a heartbeat's
 * cost. Bounded: emptied when full, so junk addresses cannot grow it.
 */
const SAFE_URLS_MAX = 2_000;
const safeUrls = new Map<string, string | null>();
export function safeOriginUrlCached(value: string | null | undefined): string | null {
  if (!value) return null;
  let safe = safeUrls.get(value);
  if (safe === undefined) {
    if (safeUrls.size >= SAFE_URLS_MAX) safeUrls.clear();
    safe = safeOriginUrl(value);
    safeUrls.set(value, safe);
  }
  return safe;
}
/** Entries held by the cache above (its bound is tested). */
export const safeUrlsCached = () => safeUrls.size;

/**
 * Puts a field in a row's data unless it has no value: stored JSON leaves absent fields out (they
 * read back as missing, which the rollups and `data->>'field'` take as they took null), so a
 * batch has less text to serialise and PostgreSQL less to parse.
 */
function put(data: Record<string, unknown>, key: string, value: unknown) {
  if (value !== null && value !== undefined) data[key] = value;
}

/** origin_url (masked) and the tracking value, into a row's data. */
function track(
  data: Record<string, unknown>,
  body: { origin_url?: string | null; trk?: string | null },
) {
  put(data, 'origin_url', safeOriginUrlCached(body.origin_url));
  if (body.trk) data.trk = body.trk;
  return data;
}

/*
 * user_email is accepted (the spec's clients send it) but never stored: the user id says who it
 * was, and an analytics store is no place for a second copy of the viewers' addresses.
 */

/**
 * The row's user: the verified one (the user the call's API key is bound to, or null). A user id
 * the client claims that is not it stays in data.claimed_user_id, which nothing counts.
 */
function reporter(
  data: Record<string, unknown>,
  claimed: number | null | undefined,
  verified: number | null,
): number | null {
  if (claimed && claimed !== verified) data.claimed_user_id = claimed;
  return verified;
}

export function sessionRow(channelId: number, body: DatalakeSessionBody, at: Date): RawRow {
  return {
    received_at: at,
    channel_id: channelId,
    kind: RAW_KIND.session,
    name: null,
    session_uuid: body.session,
    video_view_uuid: null,
    user_id: null,
    stream_id: null,
    stream_type: null,
    value: null,
    data: sessionData(body),
  };
}

export function eventRow(
  channelId: number,
  body: DatalakeEventBody,
  at: Date,
  verifiedUserId: number | null,
): RawRow {
  const extras = safeExtras(body.extras);
  const data = track({ extras }, body);
  if (body.event === 'visit_page') put(data, 'path', pagePath(extras.path, body.origin_url));
  const userId = reporter(data, body.user_id, verifiedUserId);
  return {
    received_at: at,
    channel_id: channelId,
    kind: RAW_KIND.event,
    name: body.event,
    session_uuid: body.session_uuid,
    video_view_uuid: null,
    user_id: userId,
    stream_id: null,
    stream_type: null,
    value: null,
    data,
  };
}

export function videoEventRow(
  channelId: number,
  body: VideoEventInput,
  at: Date,
  verifiedUserId: number | null,
): RawRow {
  const data = track({}, body);
  const userId = reporter(data, body.user_id, verifiedUserId);
  return {
    received_at: at,
    channel_id: channelId,
    kind: RAW_KIND.videoEvent,
    name: body.event,
    session_uuid: body.session_uuid,
    video_view_uuid: body.video_view_uuid,
    user_id: userId,
    stream_id: body.stream_id,
    stream_type: body.stream_type,
    value: body.event === 'first_frame' ? (body.first_frame_ms ?? null) : null,
    data,
  };
}

export function viewingRow(channelId: number, body: DatalakeViewingBody, at: Date): RawRow {
  return {
    received_at: at,
    channel_id: channelId,
    kind: RAW_KIND.viewing,
    name: null,
    session_uuid: body.session_uuid ?? null,
    video_view_uuid: body.video_view_uuid,
    user_id: null,
    stream_id: body.stream_id,
    stream_type: body.stream_type,
    value: body.viewing_time,
    data: viewingData(body),
  };
}

function sessionData(body: DatalakeSessionBody) {
  const data: Record<string, unknown> = {};
  put(data, 'device_type', body.device_type);
  put(data, 'user_agent', body.user_agent);
  put(data, 'resolution', body.resolution);
  put(data, 'platform', body.platform);
  return track(data, body);
}

function viewingData(body: DatalakeViewingBody) {
  const data: Record<string, unknown> = {};
  put(data, 'category', body.category);
  put(data, 'sport', body.sport);
  put(data, 'gender', body.gender);
  put(data, 'school', body.school);
  put(data, 'league', body.league);
  return track(data, body);
}

const text = (value: string) => JSON.stringify(value);

/**
 * Raw rows as the one JSON parameter of their INSERT (json_populate_recordset): the same text
 * JSON.stringify gives but for the null columns, left out (json_populate_recordset reads a
 * missing key as null), and with each instant's ISO text worked out once for the rows that share
 * it (a batch is a second or so of calls in arrival order). About twice as fast as
 * JSON.stringify of the rows, whose Date.toJSON per row was half its cost.
 */
export function rawRowsJson(rows: readonly RawRow[]): string {
  let out = '[';
  let time = NaN;
  let iso = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as RawRow;
    const t = r.received_at.getTime();
    if (t !== time) {
      time = t;
      iso = r.received_at.toISOString();
    }
    if (i > 0) out += ',';
    out += `{"received_at":"${iso}","channel_id":${r.channel_id},"kind":${r.kind}`;
    if (r.name !== null) out += `,"name":${text(r.name)}`;
    if (r.session_uuid !== null) out += `,"session_uuid":${text(r.session_uuid)}`;
    if (r.video_view_uuid !== null) out += `,"video_view_uuid":${text(r.video_view_uuid)}`;
    if (r.user_id !== null) out += `,"user_id":${JSON.stringify(r.user_id)}`;
    if (r.stream_id !== null) out += `,"stream_id":${JSON.stringify(r.stream_id)}`;
    if (r.stream_type !== null) out += `,"stream_type":${text(r.stream_type)}`;
    if (r.value !== null) out += `,"value":${JSON.stringify(r.value)}`;
    out += `,"data":${JSON.stringify(r.data)}}`;
  }
  return `${out}]`;
}
