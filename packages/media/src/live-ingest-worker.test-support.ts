import { startLiveIngestEncoder } from './live.js';
import { TINY } from './tiny-media.test-support.js';

/*
 * A stand-in for the worker that holds an RTMP ingest (live-ingest-kill.ffmpeg.test.ts): it starts
 * the live ingest encoder on the folder named by its first argument and writes the FLV stream it
 * reads on its stdin to the encoder's stdin, as the ingest does with what a publisher sends. It
 * prints `encoder <pid>` once the encoder runs, then `fed <ms>` each time the kernel has taken a
 * chunk (the write's callback): the newest video timestamp the encoder can read so far.
 */

const dir = process.argv[2];
if (!dir) throw new Error('usage: live-ingest-worker <outputDir>');

const encoder = await startLiveIngestEncoder({
  outputDir: dir,
  hasAudio: true,
  fps: 25,
  ladder: TINY,
  segmentSeconds: 1,
});
const input = encoder.stdin;
if (!input) throw new Error('the encoder has no stdin');
process.stdout.write(`encoder ${encoder.pid}\n`);

/** FLV: a 9-byte header and a 4-byte size, then tags of 11 bytes + data + a 4-byte size. */
let pending = Buffer.alloc(0);
let headerLeft = 13;
let newestVideoMs = -1;

function videoTimestamps(chunk: Buffer): number {
  pending = Buffer.concat([pending, chunk]);
  if (headerLeft > 0) {
    const skip = Math.min(headerLeft, pending.length);
    pending = pending.subarray(skip);
    headerLeft -= skip;
  }
  while (pending.length >= 11) {
    const size = pending.readUIntBE(1, 3);
    if (pending.length < 11 + size + 4) break;
    const ms = pending.readUIntBE(4, 3) | ((pending[7] ?? 0) << 24);
    if (pending[0] === 9) newestVideoMs = Math.max(newestVideoMs, ms);
    pending = pending.subarray(11 + size + 4);
  }
  return newestVideoMs;
}

process.stdin.on('data', (chunk: Buffer) => {
  const ms = videoTimestamps(chunk);
  input.write(chunk, () => process.stdout.write(`fed ${ms}\n`));
});
process.stdin.on('end', () => input.end());
await encoder.exited;
