import type PgBoss from 'pg-boss';
import type { Config } from '../../../config.js';
import { fallbackOrigin } from '../../../config.js';
import type { DB } from '../../../db/database.js';
import type { JobRunner } from '../../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../../jobs/recurring-job.js';
import { asLocale } from '../../auth/account-mail.js';
import { createChannelParts } from '../../channel/channel-parts.js';
import type { ChannelService } from '../../channel/channel.service.js';
import type { SiteOrigins } from '../../channel/site-origin.js';
import { channelBranding } from '../../mail/branding.js';
import type { Branding } from '../../mail/mail-templates.js';
import { mailerFactory, type Mailer } from '../../mail/mailer.js';
import { createPurchaseMailFactsRepository } from './purchase-mail-facts.repository.js';
import { renderPurchaseMail } from './purchase-mail.js';
import { createPurchaseMailsRepository, type ClaimedMail } from './purchase-mails.repository.js';

export const PURCHASE_MAIL_QUEUE = 'commerce.mail';

/** A pass cut short by a dead worker is taken again after this long. */
export const PURCHASE_MAIL_QUEUE_OPTIONS: Record<
  string,
  Omit<PgBoss.Queue, 'name'>
> = recurringQueueOptions(PURCHASE_MAIL_QUEUE, 120);

/**
 * A trial's reminder goes this long before its first charge, as Stripe's trial_will_end does
 * (card networks ask for a reminder before a trial turns into a charge).
 */
export const TRIAL_REMINDER_LEAD_MS = 3 * 86_400_000;
/**
 * Mails per transaction. The outbox commits a batch with its rows marked sent (exactly once);
 * over SMTP a mail is sent, then its row committed, one at a time, so a worker killed between the
 * server's answer and the commit resends that one mail only (SMTP has no idempotency key).
 */
const BATCH = { outbox: 100, smtp: 1 } as const;
const PASS_BUDGET_MS = 30_000;

type Brand = { brand: Branding; timeZone: string };

/**
 * One pass: owes the reminders of trials ending soon, then sends the pending purchase mails
 * (receipts, reminders, failed renewals, cancellations, refunds) in the viewer's language and the
 * channel's branding.
 */
export function createPurchaseMails(deps: {
  db: DB;
  mailerFor: (db: DB) => Mailer;
  channel: Pick<ChannelService, 'settings' | 'colorSettings'>;
  origins: SiteOrigins;
  now: () => Date;
}) {
  const repo = createPurchaseMailsRepository(deps.db);

  async function render(trx: DB, row: ClaimedMail, b: Brand) {
    const facts = createPurchaseMailFactsRepository(trx);
    const order = row.order_id ? await facts.order(row.channel_id, row.order_id) : undefined;
    const chainId = row.user_subscription_id ?? order?.user_subscription_id ?? null;
    const chain = chainId ? await facts.chain(row.channel_id, chainId) : undefined;
    // A reminder for a trial that was cancelled or ended meanwhile would announce a charge that
    // will not happen.
    if (
      row.kind === 'trial_reminder' &&
      (chain?.status !== 'trialing' || chain.renewal !== 'active')
    ) {
      return undefined;
    }
    return renderPurchaseMail({
      kind: row.kind,
      locale: asLocale(row.language),
      brand: b.brand,
      timeZone: b.timeZone,
      firstName: row.first_name,
      order,
      chain,
    });
  }

  async function sendBatch(brands: Map<number, Brand>): Promise<number> {
    // Read before the transaction: PGlite has one connection (see fan-alerts.jobs.ts).
    for (const channelId of await repo.pendingChannelIds()) {
      if (!brands.has(channelId)) {
        const [brand, settings] = await Promise.all([
          channelBranding(deps.channel, deps.origins, channelId),
          deps.channel.settings(channelId),
        ]);
        brands.set(channelId, { brand, timeZone: settings.time_zone || 'UTC' });
      }
    }
    return deps.db.transaction().execute(async (trx) => {
      const mailer = deps.mailerFor(trx);
      const rows = await repo.claimPending(trx, BATCH[mailer.kind]);
      const sent: string[] = [];
      const skipped: string[] = [];
      for (const row of rows) {
        const b = brands.get(row.channel_id);
        if (!b) continue;
        const mail = row.blocked ? undefined : await render(trx, row, b);
        if (!mail) {
          skipped.push(row.id);
          continue;
        }
        await mailer.send({ channelId: row.channel_id, to: row.email, ...mail });
        sent.push(row.id);
      }
      await repo.finish(trx, sent, skipped, deps.now());
      return rows.length;
    });
  }

  return {
    async runOnce() {
      await repo.oweTrialReminders(deps.now(), TRIAL_REMINDER_LEAD_MS);
      const until = Date.now() + PASS_BUDGET_MS;
      const brands = new Map<number, Brand>();
      while (Date.now() < until && (await sendBatch(brands)) > 0);
    },
  };
}
export type PurchaseMails = ReturnType<typeof createPurchaseMails>;

/** The worker side: a pass every PURCHASE_MAIL_INTERVAL_MS (0: none sent). */
export async function registerPurchaseMailJobs(
  boss: PgBoss,
  o: { config: Config; db: DB; runner: JobRunner; now: () => Date },
) {
  if (o.config.PURCHASE_MAIL_INTERVAL_MS <= 0) return;
  const mails = createPurchaseMails({
    db: o.db,
    mailerFor: mailerFactory(o.config),
    ...createChannelParts(o.db, fallbackOrigin(o.config)),
    now: o.now,
  });
  await registerRecurringJob(boss, {
    queue: PURCHASE_MAIL_QUEUE,
    everySeconds: o.config.PURCHASE_MAIL_INTERVAL_MS / 1000,
    run: () => mails.runOnce(),
    log: o.runner.log,
  });
}
