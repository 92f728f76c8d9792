import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfmpegBinary {
  path: string;
  source: 'env' | 'system' | 'bundled';
}

let cached: FfmpegBinary | undefined;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * npm 11 skips dependency install scripts unless they are approved, and the bundled package's only
 * script is `chmod u+x ffmpeg`. The root package.json approves it; this covers installs that ran
 * with scripts off (`--ignore-scripts`, an older lockfile): make the binary executable at first use.
 */
function ensureExecutable(file: string): void {
  if (isExecutable(file)) return;
  const mode = fs.statSync(file).mode;
  fs.chmodSync(file, mode | 0o100);
}

function bundled(): string {
  const require = createRequire(import.meta.url);
  const found = require('@ffmpeg-installer/ffmpeg') as { path: string };
  ensureExecutable(found.path);
  return found.path;
}

/**
 * The ffmpeg to run: FFMPEG_PATH when set, else the system one on PATH, else the static build
 * shipped by @ffmpeg-installer (4.1), so a machine with nothing installed still encodes.
 */
export function locateFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegBinary {
  if (cached) return cached;
  const fromEnv = env.FFMPEG_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`FFMPEG_PATH is not executable: ${fromEnv}`);
    cached = { path: fromEnv, source: 'env' };
  } else {
    const system = onPath('ffmpeg');
    cached = system ? { path: system, source: 'system' } : { path: bundled(), source: 'bundled' };
  }
  return cached;
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

/**
 * drawtext needs a font file; the static ffmpeg build carries none. MEDIA_FONT_FILE, else a common
 * system font, else undefined and the synthetic picture draws its scoreboard with boxes only.
 */
export function locateFont(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.MEDIA_FONT_FILE;
  if (configured) return fs.existsSync(configured) ? configured : undefined;
  return FONT_CANDIDATES.find((f) => fs.existsSync(f));
}
