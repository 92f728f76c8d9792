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
