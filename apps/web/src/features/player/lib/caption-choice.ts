import { STORAGE_KEYS, getItem, setItem } from '../../../lib/storage';

/** A language the viewer chose, or captions off. */
export type CaptionChoice = string;
export const CAPTIONS_OFF = 'off';
/** Kept for a year: captions are a preference, not a session. */
const CAPTIONS_TTL_MS = 365 * 86_400_000;

/** The viewer's last choice; null when they never chose (the browser's own choice stands). */
export const readCaptionChoice = (): CaptionChoice | null => getItem(STORAGE_KEYS.playerCaptions);

export const saveCaptionChoice = (choice: CaptionChoice) =>
  setItem(STORAGE_KEYS.playerCaptions, choice, CAPTIONS_TTL_MS);

/** The tracks a viewer can choose: subtitles and captions (not chapters or metadata). */
export function captionTracks(video: HTMLVideoElement): TextTrack[] {
  return Array.from(video.textTracks ?? []).filter(
    (track) => track.kind === 'subtitles' || track.kind === 'captions',
  );
}

/**
 * Shows the chosen language's track and turns the others off. The tracks are the video's own
 * (native HLS lists the master's subtitle renditions as text tracks, and so does hls.js, which
 * loads the rendition of the track that is showing): the browser draws the cues, in the caption
 * style the viewer set in the browser or the system.
 */
export function applyCaptionChoice(tracks: readonly TextTrack[], choice: CaptionChoice) {
  const chosen = tracks.find((track) => track.language === choice) ?? null;
  for (const track of tracks) {
    if (track !== chosen && track.mode !== 'disabled') track.mode = 'disabled';
  }
  if (chosen && chosen.mode !== 'showing') chosen.mode = 'showing';
}

/** The language showing now, or off. */
export const showingCaption = (tracks: readonly TextTrack[]): CaptionChoice =>
  tracks.find((track) => track.mode === 'showing')?.language ?? CAPTIONS_OFF;
