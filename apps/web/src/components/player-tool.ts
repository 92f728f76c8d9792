import type { ClipTimeline } from '@rudy/contracts';
import type { ReactNode } from 'react';

/*
 * The player (player feature) hosts tools that other features bring, such as cutting a clip
 * (clips feature); features never import each other, so the route hands the tool to the player
 * through these types.
 */

/** Where the video is, on the video element's clock (seconds). */
export interface PlayerTimeline {
  /** The seekable window: 0..duration for a finished game, the DVR window for a live one. */
  start: number;
  end: number;
  currentTime: number;
  isLive: boolean;
}

/** A stretch of the video chosen on the seek bar (a clip's in and out points). */
export interface SeekRange {
  start: number;
  end: number;
}

export interface PlayerToolApi {
  timeline: PlayerTimeline;
  range: SeekRange | null;
  setRange: (range: SeekRange | null) => void;
  seekTo: (seconds: number) => void;
  /**
   * Where the video element's clock sits on the recording near `at` (a segment's number and its
   * start on that clock), for the server to turn the clock's seconds into the recording's: a live
   * player's clock starts at the DVR window it first loaded. Null when unknown (native playback).
   */
  timelineAnchor: (at: number) => ClipTimeline | null;
  pause: () => void;
  close: () => void;
}

export interface PlayerTool {
  /** The control-bar button's text. */
  label: string;
  /**
   * Names of the two handles the seek bar shows while the tool is open. Absent: the tool marks no
   * range (one that only says why it cannot be used yet, and where to go).
   */
  rangeLabels?: { start: string; end: string } | undefined;
  /** The panel under the player while the tool is open. */
  render: (api: PlayerToolApi) => ReactNode;
}

/** A time the seek bar marks with a tick (a game's key moment), on the video element's clock. */
export interface PlayerMark {
  seconds: number;
  label: string;
}

/**
 * What the player tells the page of its clock: its seconds minus the recording's, the clock of a
 * game's moments and clips (0 for a replay; live, worked out from where the DVR window starts), or
 * null while it cannot tell (nothing loaded yet, a live stream the browser plays itself).
 */
export type RecordingOffsetListener = (offset: number | null) => void;

/**
 * What the page around the player may ask of it (the key moments list): the player fills it in
 * while its video plays, and empties it when it goes.
 */
export interface PlayerRemote {
  seekTo: (seconds: number) => void;
  /** Opens the player's tool (the clip cutter) with this stretch chosen on the seek bar. */
  openToolWith: (range: SeekRange) => void;
}
