export interface SpriteLayout {
  count: number;
  intervalSeconds: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
  /** Name of sheet n as the VTT refers to it (relative to the VTT file). */
  sheetName: (sheet: number) => string;
}

function stamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (v: number, w = 2) => String(v).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * WebVTT thumbnails track (media kind 5): each cue points at a region of a sprite sheet with the
 * `#xywh=` fragment that players (and hls.js-based UIs) read for seek previews.
 */
export function thumbnailsVtt(layout: SpriteLayout): string {
  const perSheet = layout.columns * layout.rows;
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < layout.count; i += 1) {
    const sheet = Math.floor(i / perSheet);
    const cell = i % perSheet;
    const x = (cell % layout.columns) * layout.width;
    const y = Math.floor(cell / layout.columns) * layout.height;
    const from = i * layout.intervalSeconds;
    cues.push(
      `${stamp(from)} --> ${stamp(from + layout.intervalSeconds)}`,
      `${layout.sheetName(sheet)}#xywh=${x},${y},${layout.width},${layout.height}`,
      '',
    );
  }
  return cues.join('\n');
}
