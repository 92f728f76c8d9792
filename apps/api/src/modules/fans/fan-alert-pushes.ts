import type { PushMessage } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import { asLocale } from '../auth/account-mail.js';
import { displayName } from '../events/event-rules.js';
import type { Branding } from '../mail/mail-templates.js';
import { alertTexts } from './fan-alert-mail.js';
import { createFanAlertPushesRepository, type DuePush } from './fan-alert-pushes.repository.js';
import { pushOutcome } from './push-outcome.js';
import type { PushTransport } from './push-transport.js';

const BATCH = 50;
/** Requests in flight at once: push services answer in tens of milliseconds, a slow one waits. */
const PARALLEL = 10;
/** Longer than a request may take (10 s timeout), so a live worker's lease never runs out. */
const LEASE_SECONDS = 120;
/** A live alert is worth showing until the game ends; a minute at least. */
const MIN_TTL_S = 60;

/** The notification a push carries: what its mail says, in the viewer's language. */
export function pushMessage(row: DuePush, brand: Branding, now: Date): PushMessage {
  const locale = asLocale(row.language);
  const t = alertTexts({
    kind: row.kind,
    locale,
    follows: row.follows,
    gameName: displayName(row.event_name[locale] ?? row.event_name.en ?? '', row.teams),
    start: new Date(row.start),
    timeZone: row.time_zone,
    now,
    channelName: brand.channelName,
  });
  return {
    title: `${t.subject} · ${brand.channelName}`,
    body: t.body,
    url: `${brand.siteUrl}/watch/${row.event_id}`,
    tag: `game-${row.event_id}-${row.kind}`,
    lang: locale,
  };
}

/** Seconds the push service keeps an undelivered message: until the game ends, or it starts. */
function ttlSeconds(row: DuePush, now: Date) {
  const start = new Date(row.start).getTime();
  const until = row.kind === 'live' ? start + row.duration_minutes * 60_000 : start;
  return Math.max(MIN_TTL_S, Math.round((until - now.getTime()) / 1000));
}

/**
 * Sends the queued pushes of alerts (fan_alert_pushes), outside any transaction: a delivery is
 * leased, sent, then settled (sent, retried later, failed, or its subscription deleted).
 */
export function createFanAlertPushes(deps: {
  db: DB;
  send: PushTransport;
  brandOf: (channelId: number) => Promise<Branding>;
  now: () => Date;
}) {
  const repo = createFanAlertPushesRepository(deps.db);

  async function deliver(row: DuePush, now: Date) {
    if (!row.wanted) return { push: row, s: { kind: 'skipped' as const } };
    const brand = await deps.brandOf(row.channel_id);
    const answer = await deps.send(row, pushMessage(row, brand, now), {
      ttlSeconds: ttlSeconds(row, now),
      urgency: row.kind === 'live' ? 'high' : 'normal',
      topic: `alert${row.alert_id}`,
    });
    return { push: row, s: pushOutcome(answer, row.attempts, deps.now()) };
  }

  /** One batch; returns how many deliveries it took (0: none due). */
  async function sendBatch(): Promise<number> {
    const now = deps.now();
    const due = await repo.claimDue(now, BATCH, LEASE_SECONDS);
    const results = [];
    for (let i = 0; i < due.length; i += PARALLEL) {
      results.push(...(await Promise.all(due.slice(i, i + PARALLEL).map((r) => deliver(r, now)))));
    }
    await repo.settle(results, deps.now());
    return due.length;
  }

  return { sendBatch };
}
