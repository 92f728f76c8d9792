import path from 'node:path';

/**
 * Inputs are local files only: the protocol whitelist stops a crafted playlist or source from
 * making ffmpeg open network URLs, pipes or devices on the server's behalf.
 */
export function inputArgs(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-i', localPath(file)];
}

/** Output paths are absolute local files; a relative name or a "-x" would be read as an option. */
export function localPath(file: string): string {
  if (!path.isAbsolute(file)) throw new Error(`media paths must be absolute: ${file}`);
  return path.normalize(file);
}

/** H.264 settings shared by every encode: keyframes at fixed times so renditions align. */
export function h264Args(opts: {
  stream?: string;
  preset: string;
  kbps: number;
  keyframeSeconds: number;
  fps: number;
}): string[] {
  const s = `:${opts.stream ?? 'v'}`;
  const gop = String(Math.max(1, Math.round(opts.keyframeSeconds * opts.fps)));
  return [
    `-c${s}`,
    'libx264',
    `-preset${s}`,
    opts.preset,
    `-profile${s}`,
    'main',
    `-b${s}`,
    `${opts.kbps}k`,
    `-maxrate${s}`,
    `${Math.round(opts.kbps * 1.3)}k`,
    `-bufsize${s}`,
    `${opts.kbps * 2}k`,
    `-g${s}`,
    gop,
    `-keyint_min${s}`,
    gop,
    `-sc_threshold${s}`,
    '0',
    `-pix_fmt${s}`,
    'yuv420p',
  ];
}

export function aacArgs(kbps: number, stream?: string): string[] {
  const s = `:${stream ?? 'a'}`;
  return [`-c${s}`, 'aac', `-b${s}`, `${kbps}k`, `-ac${s}`, '2', `-ar${s}`, '48000'];
}

/** Team colours come from channel data: only #rrggbb reaches a filter graph. */
export function ffColor(css: string, fallback = '0x1d4f91'): string {
  return /^#[0-9a-f]{6}$/i.test(css) ? `0x${css.slice(1)}` : fallback;
}

/** Text drawn into the picture: letters, digits and a few marks, so no filter-graph escaping applies. */
export function safeText(text: string, max = 24): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .slice(0, max)
    .trim();
}
