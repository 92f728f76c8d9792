import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_MEDIA_MESSAGES, UPLOAD_LIMITS } from '@rudy/contracts';
import { runFfmpeg } from '@rudy/media';
import { HttpError } from '../../../lib/http-error.js';

const refused = () =>
  new HttpError(400, 'validation_failed', ADMIN_MEDIA_MESSAGES.poster, {
    image: ADMIN_MEDIA_MESSAGES.poster,
  });

/** What the bytes are, whatever the data URI claims. */
function imageKind(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.readUInt32BE(0) === 0x89504e47) return 'png';
  const riff = bytes.subarray(0, 4).toString('latin1');
  if (riff === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/**
 * An uploaded poster (a data URI the contract checked) → the JPEG the player shows, at most
 * 1280 px wide. Decoding it again with ffmpeg proves it is an image and drops its metadata
 * (camera, place); anything ffmpeg cannot read is the operator's 400, not our 500.
 */
export async function posterJpeg(dataUri: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64');
  const kind = imageKind(bytes);
  if (kind === null || bytes.length > UPLOAD_LIMITS.posterBytes) throw refused();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'rudy-poster-'));
  try {
    const input = path.join(dir, `in.${kind}`);
    const output = path.join(dir, 'poster.jpg');
    await fsp.writeFile(input, bytes);
    await runFfmpeg(
      ['-i', input, '-vf', 'scale=min(1280\\,iw):-2', '-frames:v', '1', '-q:v', '3', output],
      { timeoutMs: 20_000 },
    ).catch(() => {
      throw refused();
    });
    return await fsp.readFile(output);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
