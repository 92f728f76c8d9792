import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import type { ChannelService } from '../channel/channel.service.js';
import { createBasePassCheck } from './base-pass-check.js';
import { createCustomFormsRepository } from './custom-forms.repository.js';
import { customFormsRoutes } from './custom-forms.routes.js';
import { createCustomFormsService } from './custom-forms.service.js';

/** The channel's custom forms; returns the base-pass check sign-in applies when they are on. */
export function registerCustomForms(
  app: FastifyInstance,
  deps: { db: DB; channel: ChannelService },
) {
  const forms = createCustomFormsRepository(deps.db);
  customFormsRoutes(app, createCustomFormsService(forms));
  return createBasePassCheck({
    forms,
    customFormsOn: async (channelId) => (await deps.channel.settings(channelId)).custom_forms,
  });
}
