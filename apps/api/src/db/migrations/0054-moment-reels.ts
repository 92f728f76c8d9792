import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Highlights reels (issue 35): after a game's moments are detected, one reel per game (the
 * primary key is the game) cut from its top moments into a library video. 'cutting' while the
 * worker cuts (a repeated delivery finds it and cuts again into the same folder), then
 * 'published' (the video is listed in the channel's Highlights rail), or 'pending' when the
 * channel wants to approve reels first, then 'published' or 'discarded' (the video is deleted).
 * 'empty': the game had no moment to cut. The channel's choice is channels.reels_need_approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table channels add column reels_need_approval boolean not null default false;
    create table moment_reels (
      event_id int primary key references events(id) on delete cascade,
      channel_id int not null references channels(id) on delete cascade,
      status text not null default 'cutting'
        check (status in ('cutting', 'pending', 'published', 'discarded', 'empty')),
      vod_item_id int references vod_media_items(id) on delete set null,
      moments int not null default 0,
      duration_seconds real,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      decided_by int references users(id) on delete set null
    );
    create index moment_reels_pending on moment_reels (channel_id, created_at) where status = 'pending';`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `drop table moment_reels; alter table channels drop column reels_need_approval;`,
  );
}
