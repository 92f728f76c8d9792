/**
 * Just enough MPEG-TS reading to cut HLS segments on exact frames: per video frame (one PES each,
 * as ffmpeg muxes them) its PTS, DTS and keyframe flag, per AAC frame its PTS (a PES carries
 * several), and the H.264 parameter sets the segment starts with. Times are 90 kHz ticks,
 * unwrapped past the 33-bit rollover. Reading a 6 s 720p segment takes a few milliseconds.
 */

export interface TsVideoFrame {
  pts: number;
  dts: number;
  /** The muxer's random-access flag: ffmpeg sets it on every keyframe it writes. */
  isKey: boolean;
  /** Byte offset of the TS packet that starts the frame. */
  offset: number;
}

export interface TsSummary {
  /** In decode (file) order. */
  video: TsVideoFrame[];
  /** PTS of each AAC frame (ADTS), in order. */
  audio: number[];
  /** The first SPS and PPS NAL units, hex; equal strings mean a decoder needs no reset between them. */
  parameterSets: string | null;
}

export const TS_HZ = 90_000;
const PACKET = 188;
const WRAP = 2 ** 33;
const ADTS_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];

function readTimestamp(b: Uint8Array, at: number): number {
  const b0 = b[at] ?? 0;
  const b1 = b[at + 1] ?? 0;
  const b2 = b[at + 2] ?? 0;
  const b3 = b[at + 3] ?? 0;
  const b4 = b[at + 4] ?? 0;
  // 33 bits in groups of 3, 15 and 15, each followed by a marker bit. Multiplication rather than
  // shifts: JavaScript's bitwise operators stop at 32 bits.
  return ((b0 >> 1) & 0x07) * 2 ** 30 + ((b1 << 7) | (b2 >> 1)) * 2 ** 15 + ((b3 << 7) | (b4 >> 1));
}

/** Keeps a 33-bit clock increasing across its rollover (every 26.5 hours). */
function unwrapper(): (t: number) => number {
  let last: number | null = null;
  let offset = 0;
  return (t) => {
    if (last !== null && t + offset < last - WRAP / 2) offset += WRAP;
    last = t + offset;
    return last;
  };
}

/** NAL units of an Annex B byte stream: type and payload range (after the start code). */
function nalUnits(data: Uint8Array): { type: number; start: number; end: number }[] {
  const units: { type: number; start: number; end: number }[] = [];
  let open: { type: number; start: number } | null = null;
  for (let i = 0; i + 3 <= data.length; i++) {
    if (data[i] !== 0 || data[i + 1] !== 0 || data[i + 2] !== 1) continue;
    if (open) units.push({ ...open, end: data[i - 1] === 0 ? i - 1 : i });
    open = { type: (data[i + 3] ?? 0) & 0x1f, start: i + 3 };
    i += 2;
  }
  if (open) units.push({ ...open, end: data.length });
  return units;
}

function parameterSetsOf(data: Uint8Array): string | null {
  const sets = nalUnits(data)
    .filter((u) => u.type === 7 || u.type === 8)
    .map((u) => Buffer.from(data.subarray(u.start, u.end)).toString('hex'));
  return sets.length > 0 ? sets.join('/') : null;
}

/** AAC frames of one PES payload: the PES time is the first frame's, the others follow on. */
function adtsFrameTimes(data: Uint8Array, pts: number): number[] {
  const times: number[] = [];
  let elapsed = 0;
  for (let at = 0; at + 7 <= data.length;) {
    if (data[at] !== 0xff || ((data[at + 1] ?? 0) & 0xf0) !== 0xf0) break;
    const rate = ADTS_RATES[((data[at + 2] ?? 0) >> 2) & 0x0f];
    const length =
      (((data[at + 3] ?? 0) & 0x03) << 11) |
      ((data[at + 4] ?? 0) << 3) |
      ((data[at + 5] ?? 0) >> 5);
    if (!rate || length < 7) break;
    const blocks = ((data[at + 6] ?? 0) & 0x03) + 1;
    times.push(pts + elapsed);
    elapsed += (blocks * 1024 * TS_HZ) / rate;
    at += length;
  }
  return times;
}

function sectionEntries(buf: Uint8Array, p: number): { start: number; end: number } {
  const start = p + 1 + (buf[p] ?? 0); // after the pointer field
  const length = (((buf[start + 1] ?? 0) & 0x0f) << 8) | (buf[start + 2] ?? 0);
  return { start, end: Math.min(buf.length, start + 3 + length - 4) }; // without the CRC
}

/** The PID of the (first) program's map table, from the PAT whose payload starts at p. */
function programTable(buf: Uint8Array, p: number): number {
  const s = sectionEntries(buf, p);
  for (let q = s.start + 8; q + 4 <= s.end; q += 4) {
    const program = ((buf[q] ?? 0) << 8) | (buf[q + 1] ?? 0);
    if (program !== 0) return (((buf[q + 2] ?? 0) & 0x1f) << 8) | (buf[q + 3] ?? 0);
  }
  return -1;
}

/** The H.264 and AAC (ADTS) stream PIDs, from the PMT whose payload starts at p. */
function programStreams(buf: Uint8Array, p: number): { video: number; audio: number } {
  const s = sectionEntries(buf, p);
  const found = { video: -1, audio: -1 };
  const infoLength = (((buf[s.start + 10] ?? 0) & 0x0f) << 8) | (buf[s.start + 11] ?? 0);
  for (let q = s.start + 12 + infoLength; q + 5 <= s.end;) {
    const type = buf[q] ?? 0;
    const pid = (((buf[q + 1] ?? 0) & 0x1f) << 8) | (buf[q + 2] ?? 0);
    if (type === 0x1b && found.video < 0) found.video = pid;
    if (type === 0x0f && found.audio < 0) found.audio = pid;
    q += 5 + ((((buf[q + 3] ?? 0) & 0x0f) << 8) | (buf[q + 4] ?? 0));
  }
  return found;
}

export function readTransportStream(buf: Uint8Array): TsSummary {
  let pmtPid = -1;
  let videoPid = -1;
  let audioPid = -1;
  const video: TsVideoFrame[] = [];
  const audio: number[] = [];
  const unwrapVideo = unwrapper();
  const unwrapAudio = unwrapper();
  let firstVideo: Uint8Array[] | null = null;
  let parameterSets: string | null = null;
  let audioPes: { pts: number; parts: Uint8Array[] } | null = null;
  const flushAudio = () => {
    if (audioPes) audio.push(...adtsFrameTimes(Buffer.concat(audioPes.parts), audioPes.pts));
    audioPes = null;
  };

  for (let at = 0; at + PACKET <= buf.length; at += PACKET) {
    // Lost sync means a truncated or damaged file: stop rather than read garbage.
    if (buf[at] !== 0x47) break;
    const end = at + PACKET;
    const unitStart = ((buf[at + 1] ?? 0) & 0x40) !== 0;
    const pid = (((buf[at + 1] ?? 0) & 0x1f) << 8) | (buf[at + 2] ?? 0);
    const control = ((buf[at + 3] ?? 0) >> 4) & 0x03;
    let p = at + 4;
    let randomAccess = false;
    if (control & 0x02) {
      const length = buf[p] ?? 0;
      randomAccess = length > 0 && ((buf[p + 1] ?? 0) & 0x40) !== 0;
      p += 1 + length;
    }
    if (!(control & 0x01) || p >= end) continue;

    if (pid === 0 && unitStart) {
      pmtPid = programTable(buf, p);
      continue;
    }
    if (pid === pmtPid && unitStart) {
      const found = programStreams(buf, p);
      videoPid = found.video;
      audioPid = found.audio;
      continue;
    }
    if (pid !== videoPid && pid !== audioPid) continue;

    let payload = p;
    if (unitStart) {
      if (buf[p] !== 0 || buf[p + 1] !== 0 || buf[p + 2] !== 1) continue;
      const flags = (buf[p + 7] ?? 0) >> 6;
      payload = p + 9 + (buf[p + 8] ?? 0);
      const pts = flags & 0x02 ? readTimestamp(buf, p + 9) : null;
      if (pid === videoPid) {
        if (firstVideo) {
          parameterSets = parameterSetsOf(Buffer.concat(firstVideo));
          firstVideo = null;
        }
        if (pts !== null) {
          const dts = flags === 0x03 ? readTimestamp(buf, p + 14) : pts;
          // Unwrap the DTS and keep PTS at its (small, positive) distance: both roll over alike.
          const d = unwrapVideo(dts);
          video.push({
            pts: d + ((pts - dts + WRAP) % WRAP),
            dts: d,
            isKey: randomAccess,
            offset: at,
          });
        }
        if (video.length === 1 && parameterSets === null) firstVideo = [];
      } else {
        flushAudio();
        if (pts !== null) audioPes = { pts: unwrapAudio(pts), parts: [] };
      }
    }
    if (pid === videoPid) firstVideo?.push(buf.subarray(payload, end));
    else audioPes?.parts.push(buf.subarray(payload, end));
  }
  flushAudio();
  if (firstVideo) parameterSets = parameterSetsOf(Buffer.concat(firstVideo));
  return { video, audio, parameterSets };
}

/**
 * When the first picture is shown: the lowest PTS (the keyframe's in a closed GOP; with an open
 * GOP, B-frames decoded after it can be shown before it). Null without video.
 */
export function firstPicturePts(media: TsSummary): number | null {
  return media.video.reduce<number | null>(
    (low, f) => (low === null || f.pts < low ? f.pts : low),
    null,
  );
}

/**
 * The segment from the packet at `offset` on (a keyframe's), after its PAT and PMT: a file that
 * decodes from its first frame. ffmpeg 4.1 cannot seek inside one MPEG-TS file reliably, so a still
 * from the middle of a segment is taken from such a slice.
 */
export function sliceFrom(buf: Uint8Array, offset: number): Buffer {
  const keep: Uint8Array[] = [];
  let pmtPid = -1;
  for (let at = 0; at + PACKET <= buf.length; at += PACKET) {
    if (buf[at] !== 0x47) break;
    const pid = (((buf[at + 1] ?? 0) & 0x1f) << 8) | (buf[at + 2] ?? 0);
    if (at >= offset) {
      keep.push(buf.subarray(at));
      break;
    }
    if (pid !== 0 && pid !== pmtPid) continue;
    keep.push(buf.subarray(at, at + PACKET));
    if (pid === 0 && ((buf[at + 1] ?? 0) & 0x40) !== 0) {
      const control = ((buf[at + 3] ?? 0) >> 4) & 0x03;
      pmtPid = programTable(buf, at + 4 + (control & 0x02 ? 1 + (buf[at + 4] ?? 0) : 0));
    }
  }
  return Buffer.concat(keep);
}
