import type { Event, EventParticipant, HomepageEvents, Locale } from '@rudy/contracts';
import { pickNullableText, pickText } from '../../lib/i18n-text.js';
import { displayName, eventType, hasAccess, streamStatus } from './event-rules.js';
import type { EventParticipantRow, EventRow, EventsRepository } from './events.repository.js';

const HOMEPAGE_RAIL_SIZE = 12;

export interface Viewer {
  channelId: number;
  userId: number | null;
  locale: Locale;
}

export function createEventsService(repo: EventsRepository, now: () => Date = () => new Date()) {
  async function toEvents(rows: EventRow[], viewer: Viewer, at: Date): Promise<Event[]> {
    const participantRows = await repo.participantsOf(
      viewer.channelId,
      rows.map((r) => r.id),
    );
    const byEvent = new Map<number, EventParticipant[]>();
    for (const p of participantRows) {
      const list = byEvent.get(p.event_id) ?? [];
      list.push(toParticipant(p));
      byEvent.set(p.event_id, list);
    }
    return rows.map((row) => toEvent(row, byEvent.get(row.id) ?? [], viewer, at));
  }

  return {
    async homepage(viewer: Viewer): Promise<HomepageEvents> {
      const at = now();
      const [live, upcoming, recent] = await Promise.all([
        repo.live(viewer.channelId, at, HOMEPAGE_RAIL_SIZE),
        repo.upcoming(viewer.channelId, at, HOMEPAGE_RAIL_SIZE),
        repo.recent(viewer.channelId, at, HOMEPAGE_RAIL_SIZE),
      ]);
      const [l, u, r] = await Promise.all([
        toEvents(live, viewer, at),
        toEvents(upcoming, viewer, at),
        toEvents(recent, viewer, at),
      ]);
      return { live: l, upcoming: u, recent: r };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

function toParticipant(p: EventParticipantRow): EventParticipant {
  return {
    id: p.id,
    name: p.name,
    short_name: p.short_name,
    color: p.color,
    logo: p.logo_url,
    is_home: p.is_home,
  };
}

function toEvent(row: EventRow, participants: EventParticipant[], viewer: Viewer, at: Date): Event {
  const start = new Date(row.event_utc_ts);
  const end = new Date(row.end_utc_ts);
  const type = eventType(start, end, at);
  return {
    id: row.id,
    name: displayName(pickText(row.name, viewer.locale), participants),
    description: pickNullableText(row.description, viewer.locale),
    type,
    stream_status: streamStatus(type),
    access_type: row.access_type,
    has_access: hasAccess(row.access_type, viewer.userId !== null),
    location_id: row.location_id,
    event_category_id: row.event_category_id,
    event_utc_ts: start.toISOString(),
    end_utc_ts: end.toISOString(),
    time_zone: row.time_zone,
    home_participant_id: row.home_participant_id,
    participants,
    image_url: row.image_url,
  };
}
