import { zonedDay } from '../../lib/zoned-day.js';
import { firstFrameBucket } from './first-frame-buckets.js';
import { addToSketch, emptySketch } from './hll.js';
import { RAW_KIND, type RawRow } from './datalake-rows.js';

const HOUR_MS = 3_600_000;

export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export interface ViewsDelta {
  channel_id: number;
  hour: Date;
  stream_type: string;
  stream_id: number;
  views: number;
}
export interface WatchDelta {
  channel_id: number;
  hour: Date;
  stream_type: string;
  stream_id: number;
  category: string;
  sport: string;
  school: string;
  seconds: number;
}
export interface FirstFrameDelta {
  channel_id: number;
  hour: Date;
  stream_type: string;
  bucket: number;
  samples: number;
}
export interface ViewersDelta {
  channel_id: number;
  hour: Date;
  stream_type: string;
  sketch: Uint8Array;
}
export interface EventsDelta {
  channel_id: number;
  hour: Date;
  name: string;
  count: number;
}
export interface PagesDelta {
  channel_id: number;
  hour: Date;
  path: string;
  visits: number;
}
export interface PresenceDelta {
  channel_id: number;
  video_view_uuid: string;
  stream_type: string;
  stream_id: number;
  last_seen: Date;
}

/** Per day of the channel's time zone (YYYY-MM-DD): what a range of days is read from. */
export interface DailyRollup {
  streams: {
    channel_id: number;
    day: string;
    stream_type: string;
    stream_id: number;
    views: number;
    seconds: number;
  }[];
  dims: {
    channel_id: number;
    day: string;
    stream_type: string;
    dim: 'category' | 'sport' | 'school';
    value: string;
    seconds: number;
  }[];
  firstFrames: {
    channel_id: number;
    day: string;
    stream_type: string;
    bucket: number;
    samples: number;
  }[];
  viewers: { channel_id: number; day: string; stream_type: string; sketch: Uint8Array }[];
  events: { channel_id: number; day: string; name: string; count: number }[];
  pages: { channel_id: number; day: string; path: string; visits: number }[];
}

/** What one batch of raw rows adds to the rollups (and to "viewers now"). */
export interface RollupBatch {
  views: ViewsDelta[];
  watch: WatchDelta[];
  firstFrames: FirstFrameDelta[];
  viewers: ViewersDelta[];
  events: EventsDelta[];
  pages: PagesDelta[];
  presence: PresenceDelta[];
  daily: DailyRollup;
}

const SLOT_MS = 15 * 60_000;

/**
 * The channel's day of an instant. Every time zone's offset is a multiple of 15 minutes, so the
 * answer is the same for a whole 15-minute slot: Intl is asked once per slot, not per row.
 */
function dayFinder(zoneOf: (channelId: number) => string) {
  const memo = new Map<string, string>();
  return (channelId: number, at: Date) => {
    const zone = zoneOf(channelId);
    const key = `${zone}|${Math.floor(at.getTime() / SLOT_MS)}`;
    let day = memo.get(key);
    if (day === undefined) {
      day = zonedDay(at, zone);
      memo.set(key, day);
    }
    return day;
  };
}

/** A view stops counting as "now" once paused, ended or failed; anything else keeps it alive. */
const PRESENCE_EVENTS = new Set(['first_frame', 'play', 'seek']);

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Sums into a map by key, creating the entry on first sight. */
function bump<T>(map: Map<string, T>, key: string, create: () => T, add: (entry: T) => void) {
  let entry = map.get(key);
  if (!entry) {
    entry = create();
    map.set(key, entry);
  }
  add(entry);
}

/**
 * Aggregates a batch in memory: each rollup row gets the batch's sum, written with one upsert per
 * row, in the transaction that stores the raw rows. The dashboard then reads rollups only.
 */
export function rollUp(
  rows: readonly RawRow[],
  zoneOf: (channelId: number) => string = () => 'UTC',
): RollupBatch {
  const rollup = rollupAccumulator(zoneOf);
  rollup.add(rows);
  return rollup.result();
}

/**
 * rollUp a part at a time: what a batch adds, summed over the parts given to add(). The writer
 * gives a batch in slices with a turn of the event loop between them, so a batch's aggregation
 * never holds requests back for long.
 */
export function rollupAccumulator(zoneOf: (channelId: number) => string = () => 'UTC') {
  const dayOf = dayFinder(zoneOf);
  const d = {
    streams: new Map<string, DailyRollup['streams'][number]>(),
    dims: new Map<string, DailyRollup['dims'][number]>(),
    firstFrames: new Map<string, DailyRollup['firstFrames'][number]>(),
    viewers: new Map<string, DailyRollup['viewers'][number]>(),
    events: new Map<string, DailyRollup['events'][number]>(),
    pages: new Map<string, DailyRollup['pages'][number]>(),
  };
  const views = new Map<string, ViewsDelta>();
  const watch = new Map<string, WatchDelta>();
  const firstFrames = new Map<string, FirstFrameDelta>();
  const viewers = new Map<string, ViewersDelta>();
  const events = new Map<string, EventsDelta>();
  const pages = new Map<string, PagesDelta>();
  const presence = new Map<string, PresenceDelta>();

  /** The day's row of a game, created on first sight (by the views and the watch time). */
  const dailyStream = (
    on: string,
    channel_id: number,
    day: string,
    stream_type: string,
    stream_id: number,
  ) => {
    const key = `${on}|${stream_type}|${stream_id}`;
    let entry = d.streams.get(key);
    if (!entry) {
      entry = { channel_id, day, stream_type, stream_id, views: 0, seconds: 0 };
      d.streams.set(key, entry);
    }
    return entry;
  };
  const addDim = (
    on: string,
    channel_id: number,
    day: string,
    stream_type: string,
    dim: 'category' | 'sport' | 'school',
    value: string,
    seconds: number,
  ) => {
    if (!value) return;
    const key = `${on}|${stream_type}|${dim}|${value}`;
    let entry = d.dims.get(key);
    if (!entry) {
      entry = { channel_id, day, stream_type, dim, value, seconds: 0 };
      d.dims.set(key, entry);
    }
    entry.seconds += seconds;
  };

  function add(rows: readonly RawRow[]) {
    // A batch is a second or so of calls: the hour, the day and their keys are worked out once per
    // channel and 15-minute slot (the day is the same for a whole slot: see dayFinder), not per row.
    let slotChannel = -1;
    let slotStart = 0;
    let hour = new Date(0);
    let at = '';
    let day = '';
    let on = '';
    for (const row of rows) {
      const channel_id = row.channel_id;
      const time = row.received_at.getTime();
      if (channel_id !== slotChannel || time < slotStart || time >= slotStart + SLOT_MS) {
        slotChannel = channel_id;
        slotStart = Math.floor(time / SLOT_MS) * SLOT_MS;
        hour = hourOf(row.received_at);
        at = `${channel_id}|${hour.getTime()}`;
        day = dayOf(channel_id, row.received_at);
        on = `${channel_id}|${day}`;
      }

      if (row.kind === RAW_KIND.session || row.kind === RAW_KIND.event) {
        const name = row.kind === RAW_KIND.session ? 'session' : (row.name ?? '');
        bump(
          events,
          `${at}|${name}`,
          () => ({ channel_id, hour, name, count: 0 }),
          (e) => e.count++,
        );
        bump(
          d.events,
          `${on}|${name}`,
          () => ({ channel_id, day, name, count: 0 }),
          (e) => e.count++,
        );
        const path = str(row.data.path);
        if (row.name === 'visit_page' && path) {
          bump(
            pages,
            `${at}|${path}`,
            () => ({ channel_id, hour, path, visits: 0 }),
            (p) => p.visits++,
          );
          bump(
            d.pages,
            `${on}|${path}`,
            () => ({ channel_id, day, path, visits: 0 }),
            (p) => p.visits++,
          );
        }
        continue;
      }

      const stream_type = row.stream_type ?? 'vod';
      const stream_id = row.stream_id ?? 0;
      const view = row.video_view_uuid;
      const keepsPresence = row.kind === RAW_KIND.viewing || PRESENCE_EVENTS.has(row.name ?? '');
      // The heartbeats' path (most rows) without a closure per row.
      if (view && keepsPresence) {
        const key = `${channel_id}|${view}`;
        const seen = presence.get(key);
        if (!seen) {
          presence.set(key, {
            channel_id,
            video_view_uuid: view,
            stream_type,
            stream_id,
            last_seen: row.received_at,
          });
        } else if (row.received_at > seen.last_seen) {
          seen.last_seen = row.received_at;
        }
      }

      if (row.kind === RAW_KIND.viewing) {
        const category = str(row.data.category);
        const sport = str(row.data.sport);
        const school = str(row.data.school);
        const seconds = row.value ?? 0;
        const key = `${at}|${stream_type}|${stream_id}|${category}|${sport}|${school}`;
        let w = watch.get(key);
        if (!w) {
          w = { channel_id, hour, stream_type, stream_id, category, sport, school, seconds: 0 };
          watch.set(key, w);
        }
        w.seconds += seconds;
        dailyStream(on, channel_id, day, stream_type, stream_id).seconds += seconds;
        addDim(on, channel_id, day, stream_type, 'category', category, seconds);
        addDim(on, channel_id, day, stream_type, 'sport', sport, seconds);
        addDim(on, channel_id, day, stream_type, 'school', school, seconds);
        continue;
      }

      if (row.name !== 'first_frame') continue;
      bump(
        views,
        `${at}|${stream_type}|${stream_id}`,
        () => ({ channel_id, hour, stream_type, stream_id, views: 0 }),
        (v) => v.views++,
      );
      dailyStream(on, channel_id, day, stream_type, stream_id).views++;
      // A signed-in viewer is one person on every device; otherwise the session is the viewer.
      const viewer = row.user_id ? `u${row.user_id}` : `s${row.session_uuid ?? view ?? ''}`;
      bump(
        viewers,
        `${at}|${stream_type}`,
        () => ({ channel_id, hour, stream_type, sketch: emptySketch() }),
        (v) => addToSketch(v.sketch, viewer),
      );
      bump(
        d.viewers,
        `${on}|${stream_type}`,
        () => ({ channel_id, day, stream_type, sketch: emptySketch() }),
        (v) => addToSketch(v.sketch, viewer),
      );
      if (row.value !== null) {
        const bucket = firstFrameBucket(row.value);
        bump(
          firstFrames,
          `${at}|${stream_type}|${bucket}`,
          () => ({ channel_id, hour, stream_type, bucket, samples: 0 }),
          (f) => f.samples++,
        );
        bump(
          d.firstFrames,
          `${on}|${stream_type}|${bucket}`,
          () => ({ channel_id, day, stream_type, bucket, samples: 0 }),
          (f) => f.samples++,
        );
      }
    }
  }

  const result = (): RollupBatch => ({
    views: [...views.values()],
    watch: [...watch.values()],
    firstFrames: [...firstFrames.values()],
    viewers: [...viewers.values()],
    events: [...events.values()],
    pages: [...pages.values()],
    presence: [...presence.values()],
    daily: {
      streams: [...d.streams.values()],
      dims: [...d.dims.values()],
      firstFrames: [...d.firstFrames.values()],
      viewers: [...d.viewers.values()],
      events: [...d.events.values()],
      pages: [...d.pages.values()],
    },
  });
  return { add, result };
}
