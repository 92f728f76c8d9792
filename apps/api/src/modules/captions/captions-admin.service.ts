import {
  CAPTION_MESSAGES,
  type AdminCaption,
  type CaptionLanguage,
  type CAPTION_TARGETS,
} from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { captionFileName } from './caption-playlists.js';
import { createCaptionsRepository } from './captions.repository.js';
import { checkWebVtt } from './webvtt.js';
import { clipPrefix, eventPrefix, vodItemPrefix } from '../media/media-paths.js';
import type { MediaSubject } from '../media/media-token.js';
import type { AdminCaller } from '../admin/admin-access.js';
import type { AdminChanges } from '../admin/admin-changes.js';

export type CaptionTarget = (typeof CAPTION_TARGETS)[number];

const SUBJECT: Record<CaptionTarget, MediaSubject> = {
  games: 'event',
  library: 'vod',
  clips: 'clip',
};
const PREFIX: Record<MediaSubject, (channelId: number, id: number) => string> = {
  event: eventPrefix,
  vod: vodItemPrefix,
  clip: clipPrefix,
};
const UNKNOWN: Record<CaptionTarget, string> = {
  games: 'Unknown game',
  library: 'Unknown library video',
  clips: 'Unknown clip',
};

type CaptionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createCaptionsRepository>['one']>>
>;

const toAdmin = (row: CaptionRow): AdminCaption => ({
  lang: row.lang,
  size_bytes: row.size_bytes,
  cue_count: row.cue_count,
  duration_seconds: row.duration_seconds,
  updated_at: new Date(row.updated_at).toISOString(),
});
const snapshot = (row: CaptionRow) => ({
  [`captions_${row.lang}`]: `${row.cue_count} cues, ${row.size_bytes} bytes`,
});

/**
 * The console's captions: one WebVTT file per language for a game's replay, a library video or
 * a clip. The file is checked (webvtt.ts), stored under the subject's folder with a name from its
 * content, then the row is written with its audit entry ('caption', the subject's id); the file it
 * replaces is removed after. A row never names a missing file: the file is stored first.
 */
export function createCaptionsAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  storage: MediaStorage;
}) {
  const repo = createCaptionsRepository(deps.db);

  async function subjectOf(channelId: number, kind: CaptionTarget, id: number) {
    const subject = SUBJECT[kind];
    if (!(await repo.subjectExists(channelId, subject, id))) throw notFound(UNKNOWN[kind]);
    return subject;
  }

  return {
    async list(channelId: number, kind: CaptionTarget, id: number) {
      const subject = await subjectOf(channelId, kind, id);
      return { captions: (await repo.list(channelId, subject, id)).map(toAdmin) };
    },

    async put(
      caller: AdminCaller,
      kind: CaptionTarget,
      id: number,
      lang: CaptionLanguage,
      vtt: string,
    ): Promise<AdminCaption> {
      const subject = await subjectOf(caller.channelId, kind, id);
      const checked = checkWebVtt(vtt);
      const key = `${PREFIX[subject](caller.channelId, id)}/captions/${captionFileName(lang, checked.digest)}`;
      await deps.storage.put(key, checked.bytes);
      const { before, after } = await deps.changes.apply(caller, async (trx, audit) => {
        const scoped = createCaptionsRepository(trx);
        const old = await scoped.one(caller.channelId, subject, id, lang);
        const now = await scoped.upsert({
          channel_id: caller.channelId,
          subject,
          subject_id: id,
          lang,
          storage_key: key,
          size_bytes: checked.bytes.length,
          cue_count: checked.cueCount,
          duration_seconds: checked.durationSeconds,
          updated_by: caller.userId,
        });
        await audit({
          action: old ? 'update' : 'create',
          entity: 'caption',
          entityId: id,
          before: old ? snapshot(old) : null,
          after: snapshot(now),
        });
        return { before: old, after: now };
      });
      if (before && before.storage_key !== after.storage_key) {
        await deps.storage.delete(before.storage_key);
      }
      return toAdmin(after);
    },

    async remove(caller: AdminCaller, kind: CaptionTarget, id: number, lang: CaptionLanguage) {
      const subject = await subjectOf(caller.channelId, kind, id);
      const removed = await deps.changes.apply(caller, async (trx, audit) => {
        const row = await createCaptionsRepository(trx).remove(caller.channelId, subject, id, lang);
        if (!row) throw notFound(CAPTION_MESSAGES.missing);
        await audit({
          action: 'delete',
          entity: 'caption',
          entityId: id,
          before: snapshot(row),
          after: null,
        });
        return row;
      });
      await deps.storage.delete(removed.storage_key);
      return { lang, deleted: true as const };
    },
  };
}
export type CaptionsAdminService = ReturnType<typeof createCaptionsAdminService>;
