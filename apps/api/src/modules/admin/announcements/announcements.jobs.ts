import type PgBoss from 'pg-boss';
import type { Config } from '../../../config.js';
import { fallbackOrigin } from '../../../config.js';
import type { DB } from '../../../db/database.js';
import type { JobRunner } from '../../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../../jobs/recurring-job.js';
import { loadAppSecret } from '../../../lib/app-secret.js';
import { createAppSecretsRepository } from '../../../lib/app-secrets.repository.js';
import { asLocale } from '../../auth/account-mail.js';
import { createChannelParts } from '../../channel/channel-parts.js';
import type { SiteOrigins } from '../../channel/site-origin.js';
import { unsubscribeLink } from '../../fans/unsubscribe-token.js';
import { channelBranding } from '../../mail/branding.js';
import type { Branding } from '../../mail/mail-templates.js';
import { mailerFactory, type Mailer } from '../../mail/mailer.js';
import { renderAnnouncementMail } from './announcement-mail.js';
import { createAnnouncementsRepository } from './announcements.repository.js';

export const ANNOUNCEMENTS_QUEUE = 'admin.announcements';

/** A pass cut short by a dead worker is taken again after this long. */
export const ANNOUNCEMENTS_QUEUE_OPTIONS: Record<
  string,
  Omit<PgBoss.Queue, 'name'>
> = recurringQueueOptions(ANNOUNCEMENTS_QUEUE, 120);

/**
 * Mails per transaction: the outbox commits many with their 'sent' marks; over SMTP each mail is
 * its own transaction, so a kill between the server's answer and the commit resends one mail.
 */
const BATCH = { outbox: 100, smtp: 1 } as const;

/**
 * One pass sends at most `perPass` pending announcement mails (the throttle: passes run every
 * ANNOUNCEMENTS_INTERVAL_MS). A recipient turns 'sent' in the transaction that hands its mail
 * over, its row locked meanwhile (workers side by side skip it), so a re-run or a worker killed
 * mid-way never sends one twice and leaves the rest for the next pass.
 */
export function createAnnouncementSender(deps: {
  db: DB;
  mailerFor: (db: DB) => Mailer;
  channel: Parameters<typeof channelBranding>[0];
  origins: SiteOrigins;
  secret: string;
  perPass: number;
  now: () => Date;
}) {
  const repo = createAnnouncementsRepository(deps.db);

  async function sendBatch(brands: Map<number, Branding>, limit: number): Promise<number> {
    // Brandings are read before the transaction (PGlite has one connection).
    for (const channelId of await repo.pendingChannelIds()) {
      if (!brands.has(channelId)) {
        brands.set(channelId, await channelBranding(deps.channel, deps.origins, channelId));
      }
    }
    return deps.db.transaction().execute(async (trx) => {
      const mailer = deps.mailerFor(trx);
      const rows = await repo.claimPending(trx, Math.min(limit, BATCH[mailer.kind]));
      const now = deps.now();
      let settled = 0;
      for (const row of rows) {
        const brand = brands.get(row.channel_id);
        if (!brand) continue;
        settled += 1;
        if (!row.may_mail) {
          await repo.settle(trx, row, 'skipped', now);
          continue;
        }
        const locale = asLocale(row.language);
        const mail = renderAnnouncementMail({
          locale,
          brand,
          firstName: row.first_name,
          subject: row.subject[locale] ?? row.subject.en ?? '',
          body: row.body[locale] ?? row.body.en ?? '',
          unsubscribeLink: unsubscribeLink(brand.siteUrl, deps.secret, row.channel_id, row.user_id),
        });
        await mailer.send({ channelId: row.channel_id, to: row.email, ...mail });
        await repo.settle(trx, row, 'sent', now);
      }
      return settled;
    });
  }

  return {
    /** Returns how many recipients this pass settled. */
    async runOnce(): Promise<number> {
      const brands = new Map<number, Branding>();
      let done = 0;
      while (done < deps.perPass) {
        const n = await sendBatch(brands, deps.perPass - done);
        if (n === 0) break;
        done += n;
      }
      return done;
    },
  };
}

/** The worker side: a pass every ANNOUNCEMENTS_INTERVAL_MS (0 turns sending off). */
export async function registerAnnouncementJobs(
  boss: PgBoss,
  o: { config: Config; db: DB; runner: JobRunner; now: () => Date },
) {
  const every = o.config.ANNOUNCEMENTS_INTERVAL_MS;
  if (every <= 0) return;
  const sender = createAnnouncementSender({
    db: o.db,
    mailerFor: mailerFactory(o.config),
    ...createChannelParts(o.db, fallbackOrigin(o.config)),
    secret: await loadAppSecret(createAppSecretsRepository(o.db), o.config.APP_SECRET),
    perPass: Math.max(1, Math.floor((o.config.ANNOUNCEMENTS_PER_MINUTE * every) / 60_000)),
    now: o.now,
  });
  await registerRecurringJob(boss, {
    queue: ANNOUNCEMENTS_QUEUE,
    everySeconds: every / 1000,
    run: () => sender.runOnce(),
    log: o.runner.log,
  });
}
