/**
 * What the player and its cast frame (/cast-sender.html) say to each other by postMessage. Both are
 * on the site's origin; each side takes a message only from the other's window and that origin.
 * Types only: a value here would be a chunk of its own that the watch page loads beside the
 * player's (the frame is another entry).
 */

/** The texts the frame shows, in the player's language (the frame has no texts of its own). */
export interface CastLabels {
  choose: string;
  stop: string;
  /** "Playing on {{device}}" with the device's name put in by the frame. */
  casting: string;
  /** The device's name when the receiver gives none. */
  device: string;
  unavailable: string;
}

/** The stream the receiver should play: an absolute URL that opens without the browser's cookies. */
export interface CastMedia {
  url: string;
  live: boolean;
  /** Where the viewer is (replays): the receiver starts there. */
  at: number;
  title: string;
  labels: CastLabels;
}

export type PlayerToFrame = { rudyCast: 'media'; media: CastMedia };

export type FrameToPlayer =
  /** The frame wants the stream as it is now (on load, and when a session starts). */
  | { rudyCast: 'want-media' }
  /** The browser offers no Cast here (the SDK said so, or its script did not load). */
  | { rudyCast: 'unavailable' }
  /** A receiver plays the stream (device: its name), or no longer does (null). */
  | { rudyCast: 'casting'; device: string | null };
