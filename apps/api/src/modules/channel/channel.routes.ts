import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  type BootstrapData,
  BootstrapDataSchema,
  BootstrapQuerySchema,
  ColorSettingsSchema,
  EventCategorySchema,
  EventLocationSchema,
  FaqItemSchema,
  IdParamsSchema,
  KeyedQuerySchema,
  MenuItemSchema,
  PageSchema,
  PageSummarySchema,
  ParticipantGroupPropertySchema,
  ParticipantGroupSchema,
  SettingsSchema,
  SlideSchema,
  SlidesQuerySchema,
} from '@rudy/contracts';
import { keyedErrors, keyedErrorsWith404, typed } from '../../lib/route-types.js';
import type { ChannelService } from './channel.service.js';

const tags = ['channel'];
const ClientInterfaceParams = z.object({ client_interface: z.literal('web') });

/** Marks the signed-in user's purchases on the lists of the (shared, cached) bootstrap document. */
export type PurchasesOverlay = (
  channelId: number,
  userId: number,
  packages: BootstrapData['packages'],
  subscriptions: BootstrapData['subscriptions'],
) => Promise<Pick<BootstrapData, 'packages' | 'subscriptions'>>;

export function channelRoutes(
  app: FastifyInstance,
  channel: ChannelService,
  overlay?: PurchasesOverlay,
) {
  const r = typed(app);
  const q = KeyedQuerySchema;

  r.get(
    '/api/settings',
    { schema: { tags, querystring: q, response: { 200: SettingsSchema, ...keyedErrors } } },
    (req) => channel.settings(req.auth.channelId),
  );

  r.get(
    '/api/menu',
    {
      schema: { tags, querystring: q, response: { 200: z.array(MenuItemSchema), ...keyedErrors } },
    },
    (req) => channel.menu(req.auth.channelId, req.locale),
  );

  r.get(
    '/api/pages',
    {
      schema: {
        tags,
        querystring: q,
        response: { 200: z.array(PageSummarySchema), ...keyedErrors },
      },
    },
    (req) => channel.pages(req.auth.channelId, req.locale),
  );

  r.get(
    '/api/pages/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: q,
        response: { 200: PageSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => channel.page(req.auth.channelId, req.params.id, req.locale),
  );

  r.get(
    '/api/color-settings/:client_interface',
    {
      schema: {
        tags,
        params: ClientInterfaceParams,
        querystring: q,
        response: { 200: ColorSettingsSchema, ...keyedErrors },
      },
    },
    (req) => channel.colorSettings(req.auth.channelId, req.params.client_interface),
  );

  r.get(
    '/api/slides/:client_interface',
    {
      schema: {
        tags,
        params: ClientInterfaceParams,
        querystring: q.extend(SlidesQuerySchema.shape),
        response: { 200: z.array(SlideSchema), ...keyedErrors },
      },
    },
    (req) =>
      channel.slides(req.auth.channelId, req.params.client_interface, req.locale, req.query.type),
  );

  r.get(
    '/api/faq',
    { schema: { tags, querystring: q, response: { 200: z.array(FaqItemSchema), ...keyedErrors } } },
    (req) => channel.faq(req.auth.channelId, req.locale),
  );

  r.get(
    '/api/events-categories',
    {
      schema: {
        tags: ['events'],
        querystring: q,
        response: { 200: z.array(EventCategorySchema), ...keyedErrors },
      },
    },
    (req) => channel.eventCategories(req.auth.channelId, req.locale),
  );

  r.get(
    '/api/events-locations',
    {
      schema: {
        tags: ['events'],
        querystring: q,
        response: { 200: z.array(EventLocationSchema), ...keyedErrors },
      },
    },
    (req) => channel.locations(req.auth.channelId),
  );

  r.get(
    '/api/participant-groups',
    {
      schema: {
        tags: ['participants'],
        description: 'Participant groups (schools), in name order.',
        querystring: q,
        response: { 200: z.array(ParticipantGroupSchema), ...keyedErrors },
      },
    },
    (req) => channel.participantGroups(req.auth.channelId),
  );

  r.get(
    '/api/participant-group-properties',
    {
      schema: {
        tags: ['participants'],
        description:
          'Team properties to filter by (gender, sport, division, league) and their values.',
        querystring: q,
        response: { 200: z.array(ParticipantGroupPropertySchema), ...keyedErrors },
      },
    },
    (req) => channel.participantGroupProperties(req.auth.channelId, req.locale),
  );

  r.get(
    '/api/channel-bootstrap-data',
    {
      schema: {
        tags,
        description: 'Everything the web app needs at start-up, in one round trip.',
        querystring: q.extend(BootstrapQuerySchema.shape),
        response: { 200: BootstrapDataSchema, ...keyedErrors },
      },
    },
    async (req, reply) => {
      // Sent pre-serialised from cache: the shape was checked when the document was built.
      const json = await channel.bootstrapJson(req.auth.channelId, req.locale);
      const userId = req.auth.userId;
      if (userId === null || !overlay) {
        return reply.type('application/json; charset=utf-8').send(json as never);
      }
      // Signed in: the shared document with this user's `purchased` flags on top.
      const doc = JSON.parse(json.toString('utf8')) as BootstrapData;
      const mine = await overlay(req.auth.channelId, userId, doc.packages, doc.subscriptions);
      return { ...doc, ...mine };
    },
  );
}
