import { useCallback, useEffect, useState } from 'react';
import {
  applyCaptionChoice,
  captionTracks,
  readCaptionChoice,
  saveCaptionChoice,
  showingCaption,
  type CaptionChoice,
} from '../lib/caption-choice';

export interface CaptionsControl {
  /** The languages offered (the master playlist's subtitle renditions). */
  languages: string[];
  /** The language showing, or 'off'. */
  showing: CaptionChoice;
  choose: (choice: CaptionChoice) => void;
}

/**
 * The video's caption tracks and which one shows. The viewer's remembered choice is applied to
 * each video whose tracks appear; a viewer who never chose keeps what the browser picked (Safari
 * follows the system's accessibility setting for AUTOSELECT renditions).
 */
export function useCaptions(video: HTMLVideoElement | null): CaptionsControl {
  const [state, setState] = useState<{ languages: string[]; showing: CaptionChoice }>({
    languages: [],
    showing: 'off',
  });

  useEffect(() => {
    const tracks = video?.textTracks;
    // jsdom's list is a stub without events (every browser's is an EventTarget).
    if (!video || typeof tracks?.addEventListener !== 'function') return;
    const read = () => {
      const list = captionTracks(video);
      setState({ languages: list.map((t) => t.language), showing: showingCaption(list) });
    };
    const onAdd = () => {
      const saved = readCaptionChoice();
      if (saved !== null) applyCaptionChoice(captionTracks(video), saved);
      read();
    };
    onAdd();
    tracks.addEventListener('addtrack', onAdd);
    tracks.addEventListener('removetrack', read);
    tracks.addEventListener('change', read);
    return () => {
      tracks.removeEventListener('addtrack', onAdd);
      tracks.removeEventListener('removetrack', read);
      tracks.removeEventListener('change', read);
    };
  }, [video]);

  const choose = useCallback(
    (choice: CaptionChoice) => {
      if (!video) return;
      saveCaptionChoice(choice);
      const list = captionTracks(video);
      applyCaptionChoice(list, choice);
      setState({ languages: list.map((t) => t.language), showing: showingCaption(list) });
    },
    [video],
  );

  return { ...state, choose };
}
