import { completeLines, type MediaStorage } from '@rudy/media';
import { notFound } from '../../lib/http-error.js';

async function readText(storage: MediaStorage, key: string): Promise<string> {
  const stream = await storage.get(key);
  if (!stream) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * ffmpeg rewrites a live playlist in place (truncate, then write), so a read can land between the
 * two or in the middle. A complete playlist starts with #EXTM3U and ends with a newline; anything
 * else is read again shortly. null: still torn after the retries (the caller answers 503).
 */
export async function readPlaylist(storage: MediaStorage, key: string): Promise<string | null> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const text = await readText(storage, key);
    if (text.startsWith('#EXTM3U') && text.endsWith('\n')) return text;
    await new Promise((r) => setTimeout(r, 20));
  }
  const last = await readText(storage, key);
  return last.startsWith('#EXTM3U') ? `${completeLines(last).join('\n')}\n` : null;
}
