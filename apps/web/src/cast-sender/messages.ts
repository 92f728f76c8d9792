/**
 * What the player and its cast frame (/cast-sender.html) say to each other by postMessage. Both are
 * on the site's origin; each side takes a message only from the other's window and that origin.
 */
export const CAST_SENDER_PATH = '/cast-sender.html';

/** Google's Cast Web Sender (with the Cast framework), loaded by the frame only. */
export const CAST_SENDER_SCRIPT =
  'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

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

/** The message's data when it comes from `from` on this origin and is one of ours, else null. */
function ours(event: MessageEvent, from: MessageEventSource | null, origin: string): object | null {
  if (from === null || event.source !== from || event.origin !== origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || !('rudyCast' in data)) return null;
  return data;
}

/** A message of the player's to the frame, from `parent` on this origin; else null. */
export function playerMessage(
  event: MessageEvent,
  parent: MessageEventSource | null,
  origin: string,
): PlayerToFrame | null {
  const data = ours(event, parent, origin) as Partial<PlayerToFrame> | null;
  return data?.rudyCast === 'media' && typeof data.media?.url === 'string'
    ? (data as PlayerToFrame)
    : null;
}

/** A message of the cast frame's to the player, from `frame` on this origin; else null. */
export function frameMessage(
  event: MessageEvent,
  frame: MessageEventSource | null,
  origin: string,
): FrameToPlayer | null {
  const data = ours(event, frame, origin) as Partial<FrameToPlayer> | null;
  const kind = data?.rudyCast;
  return kind === 'want-media' || kind === 'unavailable' || kind === 'casting'
    ? (data as FrameToPlayer)
    : null;
}
