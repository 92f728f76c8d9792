import { z } from 'zod';
import {
  ColorSettingsSchema,
  EventCategorySchema,
  EventLocationSchema,
  FaqItemSchema,
  MenuItemSchema,
  PageSummarySchema,
  ParticipantGroupPropertySchema,
  ParticipantGroupSchema,
  SettingsSchema,
  SlideSchema,
  StaticBlockSchema,
} from './channel.js';
import { PackageSchema, SubscriptionSchema } from './commerce.js';
import type { Locale } from './constants.js';
import type { HomepageEvents } from './events.js';
import type { EventsPage, ListingKind } from './catalogue.js';
import type { RuntimeConfig } from './keys.js';
import type { VodMediaItemsPage } from './vod.js';

/** GET /channel-bootstrap-data: every key the spec lists, in one round trip. */
export const BootstrapDataSchema = z.object({
  'color-settings': ColorSettingsSchema,
  'events-categories': z.array(EventCategorySchema),
  'events-locations': z.array(EventLocationSchema),
  faq: z.array(FaqItemSchema),
  menu: z.array(MenuItemSchema),
  packages: z.array(PackageSchema),
  pages: z.array(PageSummarySchema),
  'participant-groups': z.array(ParticipantGroupSchema),
  settings: SettingsSchema,
  slides: z.array(SlideSchema),
  subscriptions: z.array(SubscriptionSchema),
  'participant-group-properties': z.array(ParticipantGroupPropertySchema),
  static_blocks: z.array(StaticBlockSchema),
});
export type BootstrapData = z.infer<typeof BootstrapDataSchema>;

export const BootstrapQuerySchema = z.object({
  client_interface: z.literal('web').default('web'),
});

/**
 * What the server puts into the index.html it serves, so the first paint needs no API call: the
 * runtime config, and for the channel of the host name the anonymous bootstrap document and, on the
 * home page, its rails (on a listing, its first page), in `locale` (the browser's language when
 * the channel has it, else the channel's). A client whose locale differs, or that has none of it,
 * fetches as usual.
 */
export interface StartupData {
  config: RuntimeConfig;
  locale: Locale;
  bootstrap: BootstrapData | null;
  homepage: HomepageEvents | null;
  /** On a listing's page without filters (/live, /upcoming, /vod): its first page of games. */
  listing: { kind: ListingKind; page: EventsPage } | null;
  /** On the home page: the first page of its Highlights rail (GET /vod-media-items?highlights=1). */
  highlights: VodMediaItemsPage | null;
}
