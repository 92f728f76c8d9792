import { DEMO_CHANNEL_KEY } from '../../apps/api/src/db/seed/demo-channel.js';
import type { DB } from '../../apps/api/src/db/database.js';

/** The seeded demo channel's id, for a `prepare` (startServer) that edits the channel first. */
export async function demoChannelId(db: DB): Promise<number> {
  const { id } = await db
    .selectFrom('channels')
    .select('id')
    .where('key', '=', DEMO_CHANNEL_KEY)
    .executeTakeFirstOrThrow();
  return id;
}
