import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { FanAlertKind } from '../../db/schema.js';

/** A "live now" alert is for a game that started this recently (a late scan stays quiet). */
const LIVE_ALERT_WINDOW = '30 minutes';
/** The eve alert goes a day ahead, and not for a game about to start (its live alert comes). */
const TOMORROW_AHEAD = '24 hours';
const TOMORROW_AT_LEAST = '2 hours';

export interface DueGame {
  id: number;
  kind: FanAlertKind;
}

/** SQL only: the alerts' planning and delivery rows. */
export function createFanAlertsRepository(db: DB) {
  return {
    /** Published games whose alert of a kind is due and not planned yet. */
    async dueGames(now: Date, limit: number): Promise<DueGame[]> {
      const { rows } = await sql<DueGame>`
        select e.id, k.kind from events e
        cross join (values ('live'), ('tomorrow')) as k(kind)
        where e.published
          and case k.kind
            when 'live' then e.event_utc_ts <= ${now}
              and e.event_utc_ts > ${now}::timestamptz - ${LIVE_ALERT_WINDOW}::interval
              and ${now} < e.event_utc_ts + make_interval(mins => e.duration_minutes)
            else e.event_utc_ts > ${now}::timestamptz + ${TOMORROW_AT_LEAST}::interval
              and e.event_utc_ts <= ${now}::timestamptz + ${TOMORROW_AHEAD}::interval
          end
          and not exists (select 1 from fan_alert_games g where g.event_id = e.id and g.kind = k.kind)
        order by e.event_utc_ts limit ${limit}`.execute(db);
      return rows;
    },

    /**
     * Plans a game's alerts once: marks the game planned and writes one pending alert per viewer who
     * follows its team, its teams' school, its sport or the game itself, with what they follow (in
     * their language, the team first). A viewer gets one when they take this kind by mail (with a
     * verified address) or by push (with a subscribed device); one alert either way, delivered on
     * each channel they chose. Returns how many alerts it wrote (0 when another pass planned the game).
     */
    async plan(game: DueGame): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('fan_alert_games')
          .columns(['event_id', 'kind', 'channel_id'])
          .expression((eb) =>
            eb
              .selectFrom('events')
              .select(['id', sql<FanAlertKind>`${game.kind}::text`.as('kind'), 'channel_id'])
              .where('id', '=', game.id),
          )
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (marked.numInsertedOrUpdatedRows === 0n) return 0;
        const byMail = game.kind === 'live' ? sql`s.live_email` : sql`s.tomorrow_email`;
        const byPush = game.kind === 'live' ? sql`s.live_push` : sql`s.tomorrow_push`;
        const result = await sql`
          with game as (select id, channel_id, event_category_id, name from events where id = ${game.id}),
          teams as (
            select p.id, p.name, p.participant_group_id from event_participants ep
            join participants p on p.id = ep.participant_id
            where ep.event_id = ${game.id}
          ),
          follows as (
            select f.user_id, 1 as rank, t.name as name from favorites f, game, teams t
              where f.channel_id = game.channel_id and f.favoritable_type = 'participant'
                and f.favoritable_id = t.id
            union
            select f.user_id, 2, g.name from favorites f, game, teams t
              join participant_groups g on g.id = t.participant_group_id
              where f.channel_id = game.channel_id and f.favoritable_type = 'participant_group'
                and f.favoritable_id = g.id
            union
            select f.user_id, 3, null from favorites f, game
              where f.channel_id = game.channel_id and f.favoritable_type = 'favorite_event'
                and f.favoritable_id = game.id
            union
            select f.user_id, 4, null from favorites f, game
              where f.channel_id = game.channel_id and f.favoritable_type = 'event_category'
                and f.favoritable_id = game.event_category_id
          )
          insert into fan_alerts (channel_id, user_id, event_id, kind, follows)
          select game.channel_id, u.id, game.id, ${game.kind},
            array_agg(
              coalesce(
                fo.name,
                case fo.rank
                  when 3 then coalesce(game.name ->> u.language, game.name ->> 'en')
                  else (select coalesce(c.name ->> u.language, c.name ->> 'en')
                        from event_categories c where c.id = game.event_category_id)
                end
              ) order by fo.rank, fo.name
            )
          from follows fo
          cross join game
          join users u on u.id = fo.user_id and u.channel_id = game.channel_id
          left join notification_settings s on s.user_id = u.id
          where u.blocked_at is null
            and ((u.email_verified_at is not null and coalesce(${byMail}, true))
              or (coalesce(${byPush}, false) and exists (
                select 1 from push_subscriptions p where p.user_id = u.id)))
          group by game.channel_id, game.id, u.id
          on conflict (user_id, event_id, kind) do nothing`.execute(trx);
        return Number(result.numAffectedRows ?? 0n);
      });
    },

    /** Channels with alerts still to send. */
    async pendingChannelIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('fan_alerts')
        .select('channel_id')
        .distinct()
        .where('status', '=', 'pending')
        .execute();
      return rows.map((r) => r.channel_id);
    },

    /**
     * Up to `limit` pending alerts, locked for the caller's transaction (other workers skip them),
     * with what their mail needs. Settings are read again: a viewer who unsubscribed after the
     * planning gets nothing.
     */
    async claimPending(trx: DB, limit: number) {
      const { rows } = await sql<{
        id: string;
        kind: FanAlertKind;
        follows: string[];
        channel_id: number;
        user_id: number;
        email: string;
        first_name: string;
        language: string;
        event_id: number;
        event_name: Record<string, string>;
        teams: { short_name: string; is_home: boolean }[];
        start: Date;
        time_zone: string;
        by_email: boolean;
        by_push: boolean;
      }>`
        select a.id, a.kind, a.follows, a.channel_id, a.user_id, u.email, u.first_name, u.language,
          e.id as event_id, e.name as event_name, e.event_utc_ts as start, e.time_zone,
          coalesce((select json_agg(json_build_object('short_name', p.short_name, 'is_home', ep.is_home))
             from event_participants ep join participants p on p.id = ep.participant_id
             where ep.event_id = e.id), '[]'::json) as teams,
          (u.blocked_at is null and u.email_verified_at is not null
            and coalesce(case a.kind when 'live' then s.live_email else s.tomorrow_email end, true))
            as by_email,
          (u.blocked_at is null
            and coalesce(case a.kind when 'live' then s.live_push else s.tomorrow_push end, false))
            as by_push
        from (select * from fan_alerts where status = 'pending' order by id limit ${limit}
              for update skip locked) a
        join users u on u.id = a.user_id
        join events e on e.id = a.event_id
        left join notification_settings s on s.user_id = a.user_id
        order by a.id`.execute(trx);
      return rows;
    },

    /**
     * Queues the alerts' pushes, one per device of their viewer; returns the alerts that have at
     * least one (a viewer whose devices are all gone gets none).
     */
    async queuePushes(trx: DB, alertIds: readonly string[], now: Date): Promise<Set<string>> {
      if (alertIds.length === 0) return new Set();
      const { rows } = await sql<{ alert_id: string }>`
        insert into fan_alert_pushes (alert_id, subscription_id, next_attempt_at)
        select a.id, p.id, ${now} from fan_alerts a
        join push_subscriptions p on p.user_id = a.user_id and p.channel_id = a.channel_id
        where a.id = any(${alertIds}::bigint[])
        on conflict do nothing
        returning alert_id::text as alert_id`.execute(trx);
      return new Set(rows.map((r) => r.alert_id));
    },

    async finish(trx: DB, sent: readonly string[], skipped: readonly string[], now: Date) {
      if (sent.length > 0) {
        await trx
          .updateTable('fan_alerts')
          .set({ status: 'sent', sent_at: now })
          .where('id', 'in', sent)
          .execute();
      }
      if (skipped.length > 0) {
        await trx
          .updateTable('fan_alerts')
          .set({ status: 'skipped' })
          .where('id', 'in', skipped)
          .execute();
      }
    },
  };
}
