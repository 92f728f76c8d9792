import {
  ADMIN_MESSAGES,
  ADMIN_TEXTS,
  type AdminAnnouncementBody,
  type AdminAnnouncementDraft,
  type Locale,
} from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { ChannelService } from '../../channel/channel.service.js';
import type { SiteOrigins } from '../../channel/site-origin.js';
import { channelBranding } from '../../mail/branding.js';
import type { AdminCaller } from '../admin-access.js';
import { changedFields } from '../audit/audit-diff.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { renderAnnouncementMail } from './announcement-mail.js';
import { createAnnouncementsRepository } from './announcements.repository.js';

/** Announcements: the preview, the audited write of one with its recipients, and the list. */
export function createAnnouncementsAdminService(deps: {
  db: DB;
  channel: Pick<ChannelService, 'settings' | 'colorSettings'>;
  origins: SiteOrigins;
  now: () => Date;
}) {
  const repo = createAnnouncementsRepository(deps.db);

  /** The segment's target, checked: required for a team or a pass, and the channel's (else 404). */
  async function targetOf(channelId: number, draft: AdminAnnouncementDraft, db: DB = deps.db) {
    if (draft.segment === 'opted_in') return null;
    if (draft.target_id === null) {
      throw new HttpError(400, 'validation_failed', ADMIN_TEXTS.announcementTarget, {
        target_id: ADMIN_MESSAGES.announcementTarget,
      });
    }
    if (
      !(await createAnnouncementsRepository(db).targetExists(
        channelId,
        draft.segment,
        draft.target_id,
      ))
    ) {
      throw notFound(draft.segment === 'team' ? 'No such team' : 'No such pass');
    }
    return draft.target_id;
  }

  return {
    /** The mail in both languages as a viewer would read it, and how many viewers it would reach. */
    async preview(caller: AdminCaller, draft: AdminAnnouncementDraft) {
      const target = await targetOf(caller.channelId, draft);
      const brand = await channelBranding(deps.channel, deps.origins, caller.channelId);
      const recipients = await repo.countAudience(
        caller.channelId,
        draft.segment,
        target,
        deps.now(),
      );
      const render = (locale: Locale) => {
        const mail = renderAnnouncementMail({
          locale,
          brand,
          firstName: '',
          subject: locale === 'en' ? draft.subject_en : draft.subject_fr,
          body: locale === 'en' ? draft.body_en : draft.body_fr,
          // Each viewer's mail carries their own signed link; the preview shows where it leads.
          unsubscribeLink: `${brand.siteUrl}/api/notifications/unsubscribe`,
        });
        return { subject: mail.subject, html: mail.html, text: mail.text };
      };
      return { recipients, en: render('en'), fr: render('fr') };
    },

    /**
     * Writes the announcement and its recipients (the viewers of the segment now) in one
     * transaction with its audit row; the worker sends it. A second call with the same request_id
     * answers the first announcement and writes nothing.
     */
    async create(caller: AdminCaller, body: AdminAnnouncementBody) {
      const id = await deps.db.transaction().execute(async (trx) => {
        const audit = createAuditRepository(trx);
        await audit.lockChannel(caller.channelId);
        const t = createAnnouncementsRepository(trx);
        const existing = await t.byRequest(caller.channelId, body.request_id);
        if (existing !== undefined) return existing;
        const target = await targetOf(caller.channelId, body, trx);
        const made = await t.insert(
          {
            channelId: caller.channelId,
            userId: caller.userId,
            requestId: body.request_id,
            draft: { ...body, target_id: target },
          },
          deps.now(),
        );
        await audit.record(caller, {
          action: 'create',
          entity: 'announcement',
          entityId: made.id,
          ...changedFields(null, {
            segment: body.segment,
            target_id: target,
            subject_en: body.subject_en,
            subject_fr: body.subject_fr,
            recipients: made.recipients,
          }),
        });
        return made.id;
      });
      const [row] = await repo.list(caller.channelId, id);
      if (!row) throw new Error('The announcement just written is missing');
      return row;
    },

    async list(channelId: number) {
      return { data: await repo.list(channelId) };
    },
  };
}
export type AnnouncementsAdminService = ReturnType<typeof createAnnouncementsAdminService>;
