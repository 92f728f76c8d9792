import { ANALYTICS_STREAM_FILTERS, type AnalyticsStreamFilter } from '@rudy/contracts';
import type { DashboardFilters } from '../api/get-dashboard';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const PRESETS = [
  { key: 'today', days: 1 },
  { key: 'last7', days: 7 },
  { key: 'last30', days: 30 },
  { key: 'last90', days: 90 },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];

/** Today's date (YYYY-MM-DD) in the channel's time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The last `days` days up to today, both ends included. */
export function presetRange(days: number, today: string) {
  return { from: addDays(today, 1 - days), to: today };
}

/** Which preset a range is, if any. */
export function presetOf(f: { from: string; to: string }, today: string): PresetKey | null {
  if (f.to !== today) return null;
  return PRESETS.find((p) => addDays(today, 1 - p.days) === f.from)?.key ?? null;
}

const isDay = (v: string | null): v is string =>
  v !== null && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * The filters in the URL (`from`, `to`, `stream`), so a shared link opens on the same view;
 * anything missing or impossible falls back to the last 7 days of every stream.
 */
export function filtersFromSearch(search: URLSearchParams, today: string): DashboardFilters {
  const fallback = presetRange(7, today);
  let from = search.get('from');
  let to = search.get('to');
  if (!isDay(from) || !isDay(to) || to < from) ({ from, to } = fallback);
  const wanted = search.get('stream');
  const stream = (ANALYTICS_STREAM_FILTERS as readonly string[]).includes(wanted ?? '')
    ? (wanted as AnalyticsStreamFilter)
    : 'all';
  return { from, to, stream };
}
