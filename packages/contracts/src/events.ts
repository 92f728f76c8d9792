import { z } from 'zod';
import { IsoDateTimeSchema } from './common.js';

export const EventTypeSchema = z.enum(['upcoming', 'live', 'finished']);
export type EventType = z.infer<typeof EventTypeSchema>;
export const StreamStatusSchema = z.enum(['live', 'vod']);
export const AccessTypeSchema = z.enum(['free', 'paid', 'register', 'ppv']);
export type AccessType = z.infer<typeof AccessTypeSchema>;

/**
 * Why there is or is not a stream: ready; upcoming (not started); preparing (live encoder starting
 * or VOD being packaged: ask again shortly); unavailable (no media, or no access).
 */
export const StreamStateSchema = z.enum(['ready', 'upcoming', 'preparing', 'unavailable']);
export type StreamState = z.infer<typeof StreamStateSchema>;

/** Media kinds of spec section 3. */
export const MEDIA_KIND = {
  image: 1,
  live: 2,
  vod: 3,
  embedded: 4,
  thumbnails: 5,
  preview: 6,
  preview_alt: 7,
  embedded_preview: 8,
} as const;

export const EventParticipantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  color: z.string(),
  logo: z.string().nullable(),
  is_home: z.boolean(),
});
export type EventParticipant = z.infer<typeof EventParticipantSchema>;

export const EventSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("With two participants: 'away @ home' using short names"),
  description: z.string().nullable(),
  type: EventTypeSchema,
  stream_status: StreamStatusSchema.nullable(),
  stream_state: StreamStateSchema.describe(
    "What there is to play, whoever asks (the same state /events/{id}/playback answers a viewer with access): ready; upcoming; preparing (a live encoder starting, or a finished game's replay still being packaged: not playable yet); unavailable (no media). A listing offers a finished game as playable only when ready.",
  ),
  access_type: AccessTypeSchema,
  has_access: z.boolean(),
  location_id: z.number().int().nullable(),
  event_category_id: z.number().int().nullable(),
  event_utc_ts: IsoDateTimeSchema,
  end_utc_ts: IsoDateTimeSchema,
  time_zone: z.string(),
  home_participant_id: z.number().int().nullable(),
  participants: z.array(EventParticipantSchema),
  image_url: z.string().nullable(),
});
export type Event = z.infer<typeof EventSchema>;

export const HomepageEventsSchema = z.object({
  live: z.array(EventSchema),
  upcoming: z.array(EventSchema),
  recent: z.array(EventSchema),
});
export type HomepageEvents = z.infer<typeof HomepageEventsSchema>;
