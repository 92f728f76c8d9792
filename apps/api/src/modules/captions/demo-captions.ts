import type { CaptionLanguage } from '@rudy/contracts';
import type { MediaStorage, SyntheticPicture } from '@rudy/media';
import { eventPrefix } from '../media/media-paths.js';
import { captionFileName } from './caption-playlists.js';
import type { CaptionsService } from './captions.service.js';
import { checkWebVtt } from './webvtt.js';

type Picture = Pick<SyntheticPicture, 'home' | 'away' | 'goals'>;

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
};

const TEXTS: Record<CaptionLanguage, { faceOff: string; goal: string; end: string }> = {
  en: {
    faceOff: 'Face-off: {home} against {away}',
    goal: 'Goal for {team}!',
    end: 'End of the game',
  },
  fr: {
    faceOff: 'Mise au jeu : {home} contre {away}',
    goal: 'But pour {team} !',
    end: 'Fin du match',
  },
};

/** The demo game's captions: what its synthetic picture shows (the face-off, each goal, the end). */
export function demoCaptionsVtt(picture: Picture, gameSeconds: number, lang: CaptionLanguage) {
  const text = TEXTS[lang];
  const fill = (line: string, team = '') =>
    line
      .replace('{home}', picture.home.code)
      .replace('{away}', picture.away.code)
      .replace('{team}', team);
  const cues: [number, number, string][] = [[0, Math.min(4, gameSeconds), fill(text.faceOff)]];
  for (const goal of [...picture.goals].sort((a, b) => a.atSeconds - b.atSeconds)) {
    if (goal.atSeconds >= gameSeconds - 1) continue;
    const team = goal.team === 'home' ? picture.home.code : picture.away.code;
    cues.push([goal.atSeconds, Math.min(goal.atSeconds + 3, gameSeconds), fill(text.goal, team)]);
  }
  if (gameSeconds > 8) cues.push([gameSeconds - 3, gameSeconds, text.end]);
  // WebVTT wants cues in order of their start: a goal in the last seconds starts after the end
  // card's cue (the parser refused the file, and the demo game's replay job failed for good).
  cues.sort((a, b) => a[0] - b[0]);
  const body = cues.map(([from, to, line]) => `${stamp(from)} --> ${stamp(to)}\n${line}`);
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}

/**
 * A demo replay gets captions in both languages, so the demo shows them. An operator's captions
 * are never replaced (a row already there is kept, and its file too).
 */
export async function seedDemoCaptions(
  deps: { storage: MediaStorage; captions: CaptionsService },
  game: { channelId: number; eventId: number; gameSeconds: number; picture: Picture },
) {
  for (const lang of ['en', 'fr'] as const) {
    const checked = checkWebVtt(demoCaptionsVtt(game.picture, game.gameSeconds, lang));
    const key = `${eventPrefix(game.channelId, game.eventId)}/captions/${captionFileName(lang, checked.digest)}`;
    await deps.storage.put(key, checked.bytes);
    await deps.captions.insertIfAbsent({
      channel_id: game.channelId,
      subject: 'event',
      subject_id: game.eventId,
      lang,
      storage_key: key,
      size_bytes: checked.bytes.length,
      cue_count: checked.cueCount,
      duration_seconds: checked.durationSeconds,
      updated_by: null,
    });
  }
}
