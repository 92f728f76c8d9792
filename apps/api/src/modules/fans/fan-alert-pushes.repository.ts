import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { FanAlertKind } from '../../db/schema.js';

export interface DuePush {
  alert_id: string;
  subscription_id: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  kind: FanAlertKind;
  follows: string[];
  channel_id: number;
  language: string;
  event_id: number;
  event_name: Record<string, string>;
  teams: { short_name: string; is_home: boolean }[];
  start: Date;
  duration_minutes: number;
  time_zone: string;
  /** The viewer still takes this kind by push (they may have turned it off since). */
  wanted: boolean;
}

export type PushSettlement =
  | { kind: 'sent'; status: number }
  | { kind: 'gone' }
  | { kind: 'retry'; status: number; at: Date }
  | { kind: 'failed'; status: number }
  | { kind: 'skipped' };

/** SQL only: alerts' deliveries to push subscriptions. */
export function createFanAlertPushesRepository(db: DB) {
  return {
    /**
     * Leases up to `limit` due deliveries: each counts an attempt and is not due again before the
     * lease ends, so a worker that dies while talking to the push service leaves it for a later
     * pass, and two workers never take the same one.
     */
    async claimDue(now: Date, limit: number, leaseSeconds: number): Promise<DuePush[]> {
      const { rows } = await sql<DuePush>`
        with due as (
          select alert_id, subscription_id from fan_alert_pushes
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at, alert_id limit ${limit}
          for update skip locked
        ), claimed as (
          update fan_alert_pushes p
          set attempts = p.attempts + 1,
            next_attempt_at = ${now}::timestamptz + make_interval(secs => ${leaseSeconds})
          from due where p.alert_id = due.alert_id and p.subscription_id = due.subscription_id
          returning p.alert_id, p.subscription_id, p.attempts
        )
        select c.alert_id::text as alert_id, c.subscription_id::text as subscription_id, c.attempts,
          s.endpoint, s.p256dh, s.auth, a.kind, a.follows, a.channel_id, u.language,
          e.id as event_id, e.name as event_name, e.event_utc_ts as start, e.duration_minutes,
          e.time_zone,
          coalesce((select json_agg(json_build_object('short_name', p.short_name, 'is_home', ep.is_home))
             from event_participants ep join participants p on p.id = ep.participant_id
             where ep.event_id = e.id), '[]'::json) as teams,
          (u.blocked_at is null and coalesce(
            case a.kind when 'live' then ns.live_push else ns.tomorrow_push end, false)) as wanted
        from claimed c
        join push_subscriptions s on s.id = c.subscription_id
        join fan_alerts a on a.id = c.alert_id
        join users u on u.id = a.user_id
        join events e on e.id = a.event_id
        left join notification_settings ns on ns.user_id = a.user_id
        order by c.alert_id`.execute(db);
      return rows;
    },

    /** Records what the push services answered; a subscription they say is gone is deleted. */
    async settle(
      results: readonly {
        push: Pick<DuePush, 'alert_id' | 'subscription_id'>;
        s: PushSettlement;
      }[],
      now: Date,
    ) {
      if (results.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const { push, s } of results) {
          if (s.kind === 'gone') {
            await trx
              .deleteFrom('push_subscriptions')
              .where('id', '=', push.subscription_id)
              .execute();
            continue;
          }
          await trx
            .updateTable('fan_alert_pushes')
            .set(
              s.kind === 'sent'
                ? { status: 'sent', sent_at: now, last_status: s.status }
                : s.kind === 'retry'
                  ? { next_attempt_at: s.at, last_status: s.status }
                  : s.kind === 'failed'
                    ? { status: 'failed', last_status: s.status }
                    : { status: 'skipped' },
            )
            .where('alert_id', '=', push.alert_id)
            .where('subscription_id', '=', push.subscription_id)
            .execute();
        }
      });
    },
  };
}
