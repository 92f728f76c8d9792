import {
  ANALYTICS_LIMITS,
  isSitePath,
  VIEWERS_NOW_WINDOW_MS,
  type AnalyticsDashboard,
  type AnalyticsStreamFilter,
  type Locale,
  type ViewersNow,
} from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import { pickText } from '../../lib/i18n-text.js';
import { displayName } from '../events/event-rules.js';
import { isTimeZone, nextDay, zonedDayStart } from '../../lib/zoned-day.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { DashboardRepository, Range } from './dashboard.repository.js';
import { histogramQuantile } from './first-frame-buckets.js';
import { emptySketch, estimate, mergeSketch } from './hll.js';

const TOP = 10;
/**
 * Pages read to find the TOP of this site's: the ingest stores no other path, but rollups from
 * before it checked may hold addresses of other hosts, which are read and left out.
 */
const PAGES_READ = TOP * 5;
const HOUR_MS = 3_600_000;

type Named = { name: string; seconds: number };
type Overview = Awaited<ReturnType<DashboardRepository['overview']>>;
const bySeconds = (a: Named, b: Named) => b.seconds - a.seconds || a.name.localeCompare(b.name);

function sumInto<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** The named totals of a map, largest first, at most TOP. */
function ranked(map: Map<string, number>): Named[] {
  return [...map]
    .map(([name, seconds]) => ({ name, seconds }))
    .sort(bySeconds)
    .slice(0, TOP);
}

function days(from: string, to: string) {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) out.push(d);
  return out;
}

/**
 * The channel's dashboard. Days are the channel's (its time zone); a range is read from the daily
 * rollups, a single day also hour by hour from the hourly ones; sign-ups and revenue come from
 * the app's own tables. Nothing reads raw rows.
 */
export function createDashboardService(deps: {
  repo: DashboardRepository;
  channel: ChannelService;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function rangeOf(
    channelId: number,
    q: { from: string; to: string; stream: AnalyticsStreamFilter },
  ) {
    const settings = await deps.channel.settings(channelId);
    // A zone Intl does not know would break every date below; the ingest files such a channel
    // under UTC days too.
    const timeZone = isTimeZone(settings.time_zone) ? settings.time_zone : 'UTC';
    if (q.to < q.from) {
      throw new HttpError(400, 'validation_failed', 'to: must not be before from', {
        to: 'must not be before from',
      });
    }
    if (days(q.from, q.to).length > ANALYTICS_LIMITS.rangeMaxDays) {
      const message = `at most ${ANALYTICS_LIMITS.rangeMaxDays} days`;
      throw new HttpError(400, 'validation_failed', `to: ${message}`, { to: message });
    }
    const range: Range = {
      channelId,
      from: q.from,
      to: q.to,
      start: zonedDayStart(q.from, timeZone),
      end: zonedDayStart(nextDay(q.to), timeZone),
      stream: q.stream,
    };
    return { range, timeZone, currency: settings.currency };
  }

  /** Watch time by game, team, sport and school, from the range's overview. */
  function watchTime(o: Overview, locale: Locale) {
    const { dims, games: events, teams } = o;
    // Clips are watched too, but "by game" means games: their ids are events'.
    const games = o.byStream.filter((s) => s.stream_type !== 'clip');
    const seconds = new Map<number, number>();
    const views = new Map<number, number>();
    for (const g of games) {
      sumInto(seconds, g.stream_id, g.seconds);
      sumInto(views, g.stream_id, g.views);
    }
    const ids = [...seconds.keys()];
    const nameOf = new Map(events.map((e) => [e.id, pickText(e.name, locale)]));
    const teamsOf = new Map<number, typeof teams>();
    for (const t of teams) teamsOf.set(t.event_id, [...(teamsOf.get(t.event_id) ?? []), t]);
    // The name viewers see (the typed one; 'away @ home' only for a match stored without one).
    const gameName = (id: number) => displayName(nameOf.get(id) ?? `#${id}`, teamsOf.get(id) ?? []);
    const teamSeconds = new Map<number, Named>();
    for (const [id, s] of seconds) {
      // A game's watch time counts for both of its teams.
      for (const t of teamsOf.get(id) ?? []) {
        const entry = teamSeconds.get(t.id) ?? { name: t.name, seconds: 0 };
        entry.seconds += s;
        teamSeconds.set(t.id, entry);
      }
    }
    const byDim = (dim: 'sport' | 'school') =>
      ranked(new Map(dims.filter((d) => d.dim === dim).map((d) => [d.value, d.seconds])));
    return {
      games: ids
        .map((id) => ({
          id,
          name: gameName(id),
          seconds: seconds.get(id) ?? 0,
          views: views.get(id) ?? 0,
        }))
        .sort((a, b) => bySeconds(a, b) || b.views - a.views)
        .slice(0, TOP),
      teams: [...teamSeconds]
        .map(([id, t]) => ({ id, ...t }))
        .sort(bySeconds)
        .slice(0, TOP),
      sports: byDim('sport'),
      schools: byDim('school'),
    };
  }

  /** A single day, hour by hour (the hours of that day in the channel's zone). */
  async function hourly(r: Range): Promise<AnalyticsDashboard['hourly']> {
    const h = await repo.hours(r);
    const hours = new Map<
      number,
      { views: number; watch: number; visits: number; sketch?: Uint8Array }
    >();
    for (let at = r.start.getTime(); at < r.end.getTime(); at += HOUR_MS) {
      hours.set(at, { views: 0, watch: 0, visits: 0 });
    }
    const add = (list: { at: number; n: number }[], field: 'views' | 'watch' | 'visits') => {
      for (const x of list) {
        const s = hours.get(x.at);
        if (s) s[field] += x.n;
      }
    };
    add(h.views, 'views');
    add(h.watch, 'watch');
    add(h.visits, 'visits');
    for (const x of h.sketches) {
      const s = hours.get(x.at);
      if (s) s.sketch = mergeSketch(s.sketch ?? emptySketch(), x.sketch);
    }
    return [...hours].map(([at, s]) => ({
      hour: new Date(at).toISOString(),
      views: s.views,
      unique_viewers: s.sketch ? estimate(s.sketch) : 0,
      watch_seconds: s.watch,
      visits: s.visits,
    }));
  }

  return {
    async dashboard(
      channelId: number,
      q: { from: string; to: string; stream: AnalyticsStreamFilter },
      locale: Locale,
    ): Promise<AnalyticsDashboard> {
      const { range: r, timeZone, currency } = await rangeOf(channelId, q);
      const overview = await repo.overview(r, PAGES_READ);
      const { histogram, sketches, events, pages, signups, revenue } = overview;
      const daily = new Map(
        days(q.from, q.to).map((date) => [
          date,
          { date, views: 0, unique_viewers: 0, watch_seconds: 0, visits: 0 },
        ]),
      );
      const byDay = overview.byDay;
      for (const d of byDay) {
        const day = daily.get(d.day);
        if (day) {
          day.views += d.views;
          day.watch_seconds += d.seconds;
        }
      }
      let logins = 0;
      let visits = 0;
      for (const e of events) {
        if (e.name === 'login') logins += e.count;
        if (e.name !== 'visit_page') continue;
        visits += e.count;
        const day = daily.get(e.day);
        if (day) day.visits += e.count;
      }
      const total = emptySketch();
      const perDay = new Map<string, Uint8Array>();
      for (const s of sketches) {
        mergeSketch(total, s.sketch);
        perDay.set(s.day, mergeSketch(perDay.get(s.day) ?? emptySketch(), s.sketch));
      }
      for (const [day, sketch] of perDay) {
        const d = daily.get(day);
        if (d) d.unique_viewers = estimate(sketch);
      }
      let samples = 0;
      for (const n of histogram.values()) samples += n;

      return {
        time_zone: timeZone,
        currency,
        from: q.from,
        to: q.to,
        stream: q.stream,
        totals: {
          views: byDay.reduce((s, d) => s + d.views, 0),
          unique_viewers: sketches.length > 0 ? estimate(total) : 0,
          watch_seconds: byDay.reduce((s, d) => s + d.seconds, 0),
          visits,
          logins,
          signups,
          first_frame_p50_ms: histogramQuantile(histogram, 0.5),
          first_frame_p95_ms: histogramQuantile(histogram, 0.95),
          first_frame_samples: samples,
        },
        revenue,
        daily: [...daily.values()],
        hourly: q.from === q.to ? await hourly(r) : [],
        watch_time: watchTime(overview, locale),
        top_pages: pages.filter((p) => isSitePath(p.path)).slice(0, TOP),
      };
    },

    async viewersNow(channelId: number): Promise<ViewersNow> {
      const at = now();
      const rows = await repo.viewersNow(channelId, new Date(at.getTime() - VIEWERS_NOW_WINDOW_MS));
      const live = rows.filter((x) => x.stream_type === 'live').reduce((s, x) => s + x.count, 0);
      const all = rows.reduce((s, x) => s + x.count, 0);
      return { live, vod: all - live, total: all, at: at.toISOString() };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
