import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Issue 30: the interface's other favourite types (spec section 3), a game (`favorite_event`) and a
 * rink (`event_location`), beside teams, schools and sports. Like those, the id is checked against
 * the caller's channel by the service (one column points at five tables, so no foreign key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `alter table favorites drop constraint favorites_favoritable_type_check;
     alter table favorites add constraint favorites_favoritable_type_check check (favoritable_type in
       ('participant', 'participant_group', 'event_category', 'favorite_event', 'event_location'));`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `delete from favorites where favoritable_type in ('favorite_event', 'event_location');
     alter table favorites drop constraint favorites_favoritable_type_check;
     alter table favorites add constraint favorites_favoritable_type_check check (favoritable_type in
       ('participant', 'participant_group', 'event_category'));`,
  );
}
