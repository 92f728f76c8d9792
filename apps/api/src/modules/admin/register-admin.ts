import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.js';
import type { ChannelChangeBus } from '../../lib/channel-change-bus.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { Mailer } from '../mail/mailer.js';
import type { GrantsSource } from '../users/access.js';
import { createAdminAccess, type AdminAccess } from './admin-access.js';
import { createAdminChanges } from './admin-changes.js';
import { createAdminRepository } from './admin.repository.js';
import { adminRoutes } from './admin.routes.js';
import { announcementsAdminRoutes } from './announcements/announcements-admin.routes.js';
import { createAnnouncementsAdminService } from './announcements/announcements-admin.service.js';
import { createAuditRepository } from './audit/audit.repository.js';
import { auditRoutes } from './audit/audit.routes.js';
import { referenceDataAdminRoutes } from './reference-data/reference-data-admin.routes.js';
import { createReferenceDataAdminService } from './reference-data/reference-data-admin.service.js';
import { brandingAdminRoutes } from './branding/branding-admin.routes.js';
import { createBrandingAdminService } from './branding/branding-admin.service.js';
import { invitationRoutes, peopleAdminRoutes } from './people/people-admin.routes.js';
import { createPeopleAdminService } from './people/people-admin.service.js';
import { siteContentAdminRoutes } from './site-content/site-content-admin.routes.js';
import { createSiteContentAdminService } from './site-content/site-content-admin.service.js';
import { gamesImportRoutes } from './games-import/games-import.routes.js';
import { createGamesImportService } from './games-import/games-import.service.js';
import { gamesAdminRoutes } from './games/games-admin.routes.js';
import { createGamesAdminService } from './games/games-admin.service.js';
import { seriesAdminRoutes } from './series/series-admin.routes.js';
import { createSeriesAdminService } from './series/series-admin.service.js';
import { teamsAdminRoutes } from './teams/teams-admin.routes.js';
import { createTeamsAdminService } from './teams/teams-admin.service.js';
import { createViewerCaches, type ChannelCaches } from './viewer-caches.js';

/**
 * The operator console's API: who may use it, the audit log, and each area it edits. Returns the
 * access check so other modules (analytics) register their admin routes in the same guarded way.
 */
export async function registerAdmin(
  app: FastifyInstance,
  deps: {
    db: DB;
    channel: ChannelService;
    now: () => Date;
    /** Caches viewers read that a console change makes stale (bootstrap, event listings). */
    caches: readonly ChannelCaches[];
    /** Tells the other API processes, and hears theirs. */
    bus?: ChannelChangeBus;
    /** People: what a viewer's purchases grant, and the admin invitation's mail and link. */
    grants: GrantsSource;
    mailer: Mailer;
    origins: SiteOrigins;
  },
): Promise<AdminAccess> {
  const { db, channel } = deps;
  const repo = createAdminRepository(db);
  const access = createAdminAccess(repo);
  const changes = createAdminChanges({
    db,
    caches: createViewerCaches(deps.caches, deps.bus),
  });
  const teams = createTeamsAdminService({ db, changes });
  const games = createGamesAdminService({
    db,
    changes,
    currency: async (channelId) => (await channel.settings(channelId)).currency,
    timeZone: async (channelId) => (await channel.settings(channelId)).time_zone,
    now: deps.now,
  });
  const people = createPeopleAdminService({
    db,
    changes,
    grants: deps.grants,
    mailer: deps.mailer,
    origins: deps.origins,
    channel,
    now: deps.now,
  });
  await access.routes(app, (scope) => {
    adminRoutes(scope, { repo, channel });
    auditRoutes(scope, createAuditRepository(db));
    teamsAdminRoutes(scope, teams);
    gamesAdminRoutes(scope, games);
    seriesAdminRoutes(
      scope,
      createSeriesAdminService({
        db,
        changes,
        currency: async (channelId) => (await channel.settings(channelId)).currency,
        now: deps.now,
      }),
    );
    gamesImportRoutes(
      scope,
      createGamesImportService({ db, changes, settings: (id) => channel.settings(id) }),
    );
    referenceDataAdminRoutes(scope, createReferenceDataAdminService({ db, changes }));
    brandingAdminRoutes(scope, createBrandingAdminService({ db, changes }));
    siteContentAdminRoutes(scope, createSiteContentAdminService({ db, changes }));
    peopleAdminRoutes(scope, people);
    announcementsAdminRoutes(
      scope,
      createAnnouncementsAdminService({ db, channel, origins: deps.origins, now: deps.now }),
    );
  });
  invitationRoutes(app, people);
  return access;
}
