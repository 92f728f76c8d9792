import { text } from 'node:stream/consumers';
import { LRUCache } from 'lru-cache';
import { completeLines, type MediaStorage } from '@rudy/media';
import { notFound } from '../../lib/http-error.js';

async function readText(storage: MediaStorage, key: string): Promise<string> {
  const stream = await storage.get(key);
  if (!stream) throw notFound();
  return text(stream);
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

/**
 * `derive` of a live playlist, computed once per version of it: every viewer of a game reads the
 * same playlist each second, and it changes once a segment. The last version of each key is kept,
 * for a few live games at a time (the least recently used out first).
 */
export function perPlaylistVersion<T>(derive: (text: string) => T) {
  const last = new LRUCache<string, { text: string; value: T }>({ max: 64 });
  return (key: string, text: string): T => {
    const cached = last.get(key);
    if (cached?.text === text) return cached.value;
    const value = derive(text);
    last.set(key, { text, value });
    return value;
  };
}
