import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import { fallbackOrigin } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { recurringQueueOptions, registerRecurringJob } from '../../jobs/recurring-job.js';
import { loadAppSecret } from '../../lib/app-secret.js';
import { createAppSecretsRepository } from '../../lib/app-secrets.repository.js';
import { asLocale } from '../auth/account-mail.js';
import { createChannelParts } from '../channel/channel-parts.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import { displayName } from '../events/event-rules.js';
import { channelBranding } from '../mail/branding.js';
import type { Branding } from '../mail/mail-templates.js';
import { mailerFactory, type Mailer } from '../mail/mailer.js';
import { renderAlertMail } from './fan-alert-mail.js';
import { createFanAlertPushes } from './fan-alert-pushes.js';
import { createPushTransport, type PushTransport } from './push-transport.js';
import { loadVapidKeys } from './vapid-keys.js';
import { createFanAlertsRepository } from './fan-alerts.repository.js';
import { unsubscribeLink } from './unsubscribe-token.js';

export const FAN_ALERTS_QUEUE = 'fans.alerts';

/** A pass cut short by a dead worker is taken again after this long. */
export const FAN_ALERTS_QUEUE_OPTIONS: Record<
  string,
  Omit<PgBoss.Queue, 'name'>
> = recurringQueueOptions(FAN_ALERTS_QUEUE, 120);

const GAMES_PER_PASS = 50;
/** Alerts per transaction: the outbox takes many at once; SMTP holds the row locks while it talks. */
const BATCH = { outbox: 500, smtp: 20 } as const;
/** A pass hands over to the next one after this long, well before its job would expire. */
const PASS_BUDGET_MS = 30_000;

/**
 * One pass: plans the alerts of games that went live or play within a day, then sends pending
 * alerts. Exactly once with the dev outbox: an alert turns 'sent' in the transaction that writes
 * its mail, so a worker killed mid-way leaves it pending for the next pass, never sent twice.
 * With SMTP, a kill between the server's answer and the commit resends at most one batch.
 * Pushes are queued in the alert's transaction and sent after it, leased one batch at a time: a
 * kill between the push service's answer and the settling resends at most that batch (with the
 * same Topic, so a message the service still holds is replaced, not doubled).
 */
export function createFanAlerts(deps: {
  db: DB;
  mailerFor: (db: DB) => Mailer;
  channel: Parameters<typeof channelBranding>[0];
  origins: SiteOrigins;
  secret: string;
  /** Web Push (null: off, alerts go by mail only). */
  pushes: PushTransport | null;
  now: () => Date;
}) {
  const repo = createFanAlertsRepository(deps.db);
  const brandOf = (brands: Map<number, Promise<Branding>>, channelId: number) => {
    let brand = brands.get(channelId);
    if (!brand) {
      brand = channelBranding(deps.channel, deps.origins, channelId);
      brands.set(channelId, brand);
    }
    return brand;
  };

  async function plan() {
    let planned = 0;
    for (const game of await repo.dueGames(deps.now(), GAMES_PER_PASS)) {
      planned += await repo.plan(game);
    }
    return planned;
  }

  /** Sends one batch; returns how many alerts it settled (0: none pending). */
  async function sendBatch(brands: Map<number, Promise<Branding>>): Promise<number> {
    // Brandings are read before the transaction: the embedded database (PGlite) has one
    // connection, so a read outside the transaction while it is open would wait for it forever.
    for (const channelId of await repo.pendingChannelIds()) await brandOf(brands, channelId);
    return deps.db.transaction().execute(async (trx) => {
      const mailer = deps.mailerFor(trx);
      const rows = await repo.claimPending(trx, BATCH[mailer.kind]);
      const mailed: string[] = [];
      const toPush: string[] = [];
      const settled: string[] = [];
      const now = deps.now();
      for (const row of rows) {
        const brand = brands.get(row.channel_id);
        // A channel whose first alert arrived after the read above: left pending for the next batch.
        if (!brand) continue;
        settled.push(row.id);
        if (row.by_push) toPush.push(row.id);
        if (!row.by_email) continue;
        const b = await brand;
        const locale = asLocale(row.language);
        const mail = renderAlertMail({
          kind: row.kind,
          locale,
          brand: b,
          firstName: row.first_name,
          follows: row.follows,
          gameName: displayName(row.event_name[locale] ?? row.event_name.en ?? '', row.teams),
          start: new Date(row.start),
          timeZone: row.time_zone,
          watchLink: `${b.siteUrl}/watch/${row.event_id}`,
          unsubscribeLink: unsubscribeLink(b.siteUrl, deps.secret, row.channel_id, row.user_id),
          now,
        });
        await mailer.send({ channelId: row.channel_id, to: row.email, ...mail });
        mailed.push(row.id);
      }
      // Pushes are queued in the same transaction and sent after it (pushes.runOnce).
      const pushed = deps.pushes ? await repo.queuePushes(trx, toPush, now) : new Set<string>();
      const sent = settled.filter((id) => mailed.includes(id) || pushed.has(id));
      const skipped = settled.filter((id) => !sent.includes(id));
      await repo.finish(trx, sent, skipped, now);
      return rows.length;
    });
  }

  return {
    plan,
    async runOnce() {
      await plan();
      const until = Date.now() + PASS_BUDGET_MS;
      const brands = new Map<number, Promise<Branding>>();
      while (Date.now() < until && (await sendBatch(brands)) > 0);
      if (!deps.pushes) return;
      const pushes = createFanAlertPushes({
        db: deps.db,
        send: deps.pushes,
        brandOf: (channelId) => brandOf(brands, channelId),
        now: deps.now,
      });
      while (Date.now() < until && (await pushes.sendBatch()) > 0);
    },
  };
}

/** The worker side: a pass every FAN_ALERTS_INTERVAL_MS (0 turns alerts off). */
export async function registerFanAlertJobs(
  boss: PgBoss,
  o: { config: Config; db: DB; runner: JobRunner; now: () => Date },
) {
  if (o.config.FAN_ALERTS_INTERVAL_MS <= 0) return;
  const secrets = createAppSecretsRepository(o.db);
  const vapid = await loadVapidKeys(o.config, secrets);
  const alerts = createFanAlerts({
    db: o.db,
    mailerFor: mailerFactory(o.config),
    ...createChannelParts(o.db, fallbackOrigin(o.config)),
    secret: await loadAppSecret(secrets, o.config.APP_SECRET),
    pushes: vapid
      ? createPushTransport({ vapid, production: o.config.NODE_ENV === 'production' })
      : null,
    now: o.now,
  });
  await registerRecurringJob(boss, {
    queue: FAN_ALERTS_QUEUE,
    everySeconds: o.config.FAN_ALERTS_INTERVAL_MS / 1000,
    run: () => alerts.runOnce(),
    log: o.runner.log,
  });
}
