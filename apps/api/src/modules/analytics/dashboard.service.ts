import {
  ANALYTICS_LIMITS,
  VIEWERS_NOW_WINDOW_MS,
  type AnalyticsDashboard,
  type AnalyticsStreamFilter,
  type Locale,
  type ViewersNow,
} from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';
import { pickText } from '../../lib/i18n-text.js';
import { isTimeZone, nextDay, zonedDay, zonedDayStart } from '../../lib/zoned-day.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { DashboardRepository, Range } from './dashboard.repository.js';
import { histogramQuantile } from './first-frame-buckets.js';
import { emptySketch, estimate, mergeSketch } from './hll.js';

const TOP = 10;
const DAY_MS = 86_400_000;

const byCount = <T extends { seconds: number; name: string }>(a: T, b: T) =>
  b.seconds - a.seconds || a.name.localeCompare(b.name);

function sumInto<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** The named totals of a map, largest first, at most TOP. */
function ranked(map: Map<string, number>) {
  return [...map]
    .filter(([name]) => name !== '')
    .map(([name, seconds]) => ({ name, seconds }))
    .sort(byCount)
    .slice(0, TOP);
}

/**
 * The channel's dashboard: the date range is in the channel's time zone, every figure comes from
 * the hourly rollups (plus sign-ups and paid orders from the app's own tables), and daily series
 * are the hours folded into the channel's days.
 */
export function createDashboardService(deps: {
  repo: DashboardRepository;
  channel: ChannelService;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function channelClock(channelId: number) {
    const settings = await deps.channel.settings(channelId);
    // A zone Intl does not know would break every date below; UTC is the honest fallback.
    const timeZone = isTimeZone(settings.time_zone) ? settings.time_zone : 'UTC';
    return { timeZone, currency: settings.currency };
  }

  function rangeOf(from: string, to: string, timeZone: string) {
    if (to < from) {
      throw new HttpError(400, 'validation_failed', 'to: must not be before from', {
        to: 'must not be before from',
      });
    }
    const start = zonedDayStart(from, timeZone);
    const end = zonedDayStart(nextDay(to), timeZone);
    if (end.getTime() - start.getTime() > (ANALYTICS_LIMITS.rangeMaxDays + 1) * DAY_MS) {
      const message = `at most ${ANALYTICS_LIMITS.rangeMaxDays} days`;
      throw new HttpError(400, 'validation_failed', `to: ${message}`, { to: message });
    }
    return { start, end };
  }

  function days(from: string, to: string) {
    const out: string[] = [];
    for (let d = from; d <= to; d = nextDay(d)) out.push(d);
    return out;
  }

  async function watchTime(r: Range, locale: Locale, viewsByStream: Map<number, number>) {
    const rows = await repo.watchByStream(r);
    const games = new Map<number, number>();
    const sports = new Map<string, number>();
    const schools = new Map<string, number>();
    for (const row of rows) {
      // Clips are watched too, but "by game" means games: their ids are events'.
      if (row.stream_type !== 'clip') sumInto(games, row.stream_id, row.seconds);
      sumInto(sports, row.sport, row.seconds);
      sumInto(schools, row.school, row.seconds);
    }
    const ids = [...new Set([...games.keys(), ...viewsByStream.keys()])];
    const { events, teams } = await repo.games(r.channelId, ids);
    const nameOf = new Map(events.map((e) => [e.id, pickText(e.name, locale)]));
    const teamsOf = new Map<number, typeof teams>();
    for (const t of teams) teamsOf.set(t.event_id, [...(teamsOf.get(t.event_id) ?? []), t]);
    const gameName = (id: number) => {
      const two = teamsOf.get(id) ?? [];
      const home = two.find((t) => t.is_home);
      const away = two.find((t) => !t.is_home);
      // Spec section 3: with two participants a game is 'away @ home' in short names.
      if (two.length === 2 && home && away) return `${away.short_name} @ ${home.short_name}`;
      return nameOf.get(id) ?? `#${id}`;
    };
    const teamSeconds = new Map<number, { name: string; seconds: number }>();
    for (const [id, seconds] of games) {
      // A game's watch time counts for both of its teams.
      for (const t of teamsOf.get(id) ?? []) {
        const entry = teamSeconds.get(t.id) ?? { name: t.name, seconds: 0 };
        entry.seconds += seconds;
        teamSeconds.set(t.id, entry);
      }
    }
    return {
      games: ids
        .map((id) => ({
          id,
          name: gameName(id),
          seconds: games.get(id) ?? 0,
          views: viewsByStream.get(id) ?? 0,
        }))
        .sort((a, b) => byCount(a, b) || b.views - a.views)
        .slice(0, TOP),
      teams: [...teamSeconds]
        .map(([id, t]) => ({ id, ...t }))
        .sort(byCount)
        .slice(0, TOP),
      sports: ranked(sports),
      schools: ranked(schools),
    };
  }

  return {
    async dashboard(
      channelId: number,
      q: { from: string; to: string; stream: AnalyticsStreamFilter },
      locale: Locale,
    ): Promise<AnalyticsDashboard> {
      const { timeZone, currency } = await channelClock(channelId);
      const { start, end } = rangeOf(q.from, q.to, timeZone);
      const r: Range = { channelId, start, end, stream: q.stream };

      const [viewsByHour, viewsByStreamRows, watchByHour, histogram, sketches, events, pages] =
        await Promise.all([
          repo.viewsByHour(r),
          repo.viewsByStream(r),
          repo.watchByHour(r),
          repo.firstFrameHistogram(r),
          repo.viewerSketches(r),
          repo.eventsByHour(r),
          repo.topPages(r, TOP),
        ]);
      const [signups, revenue] = await Promise.all([repo.signups(r), repo.revenue(r)]);

      const daily = new Map(
        days(q.from, q.to).map((date) => [
          date,
          { date, views: 0, unique_viewers: 0, watch_seconds: 0, visits: 0 },
        ]),
      );
      const dayOf = (hour: Date) => daily.get(zonedDay(hour, timeZone));
      for (const v of viewsByHour) {
        const d = dayOf(v.hour);
        if (d) d.views += v.views;
      }
      for (const w of watchByHour) {
        const d = dayOf(w.hour);
        if (d) d.watch_seconds += w.seconds;
      }
      let logins = 0;
      let visits = 0;
      for (const e of events) {
        if (e.name === 'login') logins += e.count;
        if (e.name !== 'visit_page') continue;
        visits += e.count;
        const d = dayOf(e.hour);
        if (d) d.visits += e.count;
      }
      const total = emptySketch();
      const perDay = new Map<string, Uint8Array>();
      for (const s of sketches) {
        mergeSketch(total, s.sketch);
        const day = zonedDay(s.hour, timeZone);
        const sketch = perDay.get(day) ?? emptySketch();
        perDay.set(day, mergeSketch(sketch, s.sketch));
      }
      for (const [day, sketch] of perDay) {
        const d = daily.get(day);
        if (d) d.unique_viewers = estimate(sketch);
      }

      const viewsByStream = new Map<number, number>();
      for (const v of viewsByStreamRows) {
        if (v.stream_type !== 'clip') sumInto(viewsByStream, v.stream_id, v.views);
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
          views: viewsByHour.reduce((s, v) => s + v.views, 0),
          unique_viewers: sketches.length > 0 ? estimate(total) : 0,
          watch_seconds: watchByHour.reduce((s, w) => s + w.seconds, 0),
          visits,
          logins,
          signups,
          first_frame_p50_ms: histogramQuantile(histogram, 0.5),
          first_frame_p95_ms: histogramQuantile(histogram, 0.95),
          first_frame_samples: samples,
        },
        revenue,
        daily: [...daily.values()],
        watch_time: await watchTime(r, locale, viewsByStream),
        top_pages: pages,
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
