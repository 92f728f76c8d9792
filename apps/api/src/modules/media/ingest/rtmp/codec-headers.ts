/*
 * What an RTMP audio or video message says about itself: the FLV tag header's codec and frame
 * type (legacy and Enhanced RTMP's FourCC form, as OBS 30+ sends HEVC and AV1), the picture size
 * from H.264's sequence parameter set, and AAC's sample rate and channels from its
 * AudioSpecificConfig. Only the few fields the console's stream health shows are read.
 */

export interface VideoTag {
  codec: string;
  keyframe: boolean;
  /** A coded frame (not a sequence header, end of sequence or command frame). */
  frame: boolean;
  /** H.264 only: the sequence header's SPS, when this message carries one. */
  sps?: Buffer;
}

const LEGACY_VIDEO: Record<number, string> = {
  2: 'h263',
  4: 'vp6',
  5: 'vp6a',
  7: 'h264',
  12: 'hevc',
};
const FOURCC_VIDEO: Record<string, string> = {
  avc1: 'h264',
  hvc1: 'hevc',
  av01: 'av1',
  vp09: 'vp9',
};

export function readVideoTag(payload: Buffer): VideoTag | null {
  const first = payload[0];
  if (first === undefined) return null;
  if (first & 0x80) {
    // Enhanced RTMP: [1 IsExHeader][3 FrameType][4 PacketType][FourCC]
    const frameType = (first >> 4) & 0x07;
    const packetType = first & 0x0f;
    const fourcc = payload.subarray(1, 5).toString('latin1');
    // 0 sequence start, 2 sequence end, 4 metadata, 5 MPEG-2 TS sequence start: no picture.
    const frame = frameType !== 5 && (packetType === 1 || packetType === 3);
    return { codec: FOURCC_VIDEO[fourcc] ?? fourcc, keyframe: frame && frameType === 1, frame };
  }
  const frameType = first >> 4;
  const codecId = first & 0x0f;
  const codec = LEGACY_VIDEO[codecId] ?? `flv-${codecId}`;
  if (frameType === 5) return { codec, keyframe: false, frame: false };
  if (codecId !== 7 && codecId !== 12) return { codec, keyframe: frameType === 1, frame: true };
  const packetType = payload[1];
  if (packetType === 0) {
    return {
      codec,
      keyframe: false,
      frame: false,
      ...(codecId === 7 ? { sps: avcSps(payload.subarray(5)) } : {}),
    };
  }
  const frame = packetType === 1;
  return { codec, keyframe: frame && frameType === 1, frame };
}

/** The first SPS of an AVCDecoderConfigurationRecord. */
function avcSps(record: Buffer): Buffer | undefined {
  if (record.length < 8 || ((record[5] ?? 0) & 0x1f) === 0) return undefined;
  const length = record.readUInt16BE(6);
  const sps = record.subarray(8, 8 + length);
  return sps.length === length ? sps : undefined;
}

/** Reads bits, most significant first, with H.264's Exp-Golomb codes. */
class Bits {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}
  bit(): number {
    const byte = this.bytes[this.at >> 3];
    if (byte === undefined) throw new RangeError('SPS ended early');
    const b = (byte >> (7 - (this.at & 7))) & 1;
    this.at += 1;
    return b;
  }
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i += 1) v = v * 2 + this.bit();
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      zeros += 1;
      if (zeros > 31) throw new RangeError('bad Exp-Golomb code');
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const k = this.ue();
    return k % 2 ? (k + 1) / 2 : -k / 2;
  }
}

/** The NAL unit's payload without its emulation prevention bytes (00 00 03 → 00 00). */
function rbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 1; i < nal.length; i += 1) {
    const b = nal[i] ?? 0;
    if (b === 3 && out.length >= 2 && out.at(-1) === 0 && out.at(-2) === 0) continue;
    out.push(b);
  }
  return Buffer.from(out);
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** Width and height of an H.264 picture (ITU-T H.264 7.3.2.1.1), or null when unreadable. */
export function spsPictureSize(nal: Buffer): { width: number; height: number } | null {
  try {
    const r = new Bits(rbsp(nal));
    const profile = r.bits(8);
    r.bits(16); // constraint flags, level
    r.ue(); // seq_parameter_set_id
    let chroma = 1;
    if (HIGH_PROFILES.has(profile)) {
      chroma = r.ue();
      if (chroma === 3) r.bit(); // separate_colour_plane_flag
      r.ue(); // bit_depth_luma_minus8
      r.ue(); // bit_depth_chroma_minus8
      r.bit(); // qpprime_y_zero_transform_bypass_flag
      if (r.bit()) {
        for (let i = 0; i < (chroma === 3 ? 12 : 8); i += 1) {
          if (!r.bit()) continue;
          let last = 8;
          let next = 8;
          for (let j = 0; j < (i < 6 ? 16 : 64) && next !== 0; j += 1) {
            next = (last + r.se() + 256) % 256;
            last = next === 0 ? last : next;
          }
        }
      }
    }
    r.ue(); // log2_max_frame_num_minus4
    const pocType = r.ue();
    if (pocType === 0) r.ue();
    else if (pocType === 1) {
      r.bit();
      r.se();
      r.se();
      const cycle = r.ue();
      for (let i = 0; i < cycle; i += 1) r.se();
    }
    r.ue(); // max_num_ref_frames
    r.bit(); // gaps_in_frame_num_value_allowed_flag
    const widthMbs = r.ue() + 1;
    const heightUnits = r.ue() + 1;
    const frameMbsOnly = r.bit();
    if (!frameMbsOnly) r.bit(); // mb_adaptive_frame_field_flag
    r.bit(); // direct_8x8_inference_flag
    let crop = [0, 0, 0, 0];
    if (r.bit()) crop = [r.ue(), r.ue(), r.ue(), r.ue()];
    const [left = 0, right = 0, top = 0, bottom = 0] = crop;
    const cropX = chroma === 0 || chroma === 3 ? 1 : 2;
    const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
    return {
      width: widthMbs * 16 - (left + right) * cropX,
      height: (2 - frameMbsOnly) * heightUnits * 16 - (top + bottom) * cropY,
    };
  } catch {
    return null;
  }
}

export interface AudioTag {
  codec: string;
  /** From AAC's AudioSpecificConfig when this message is its sequence header. */
  sampleRate?: number;
  channels?: number;
  /** Sound data (not a sequence header). */
  frame: boolean;
}

const SOUND_FORMATS: Record<number, string> = {
  0: 'pcm',
  1: 'adpcm',
  2: 'mp3',
  3: 'pcm',
  4: 'nellymoser',
  5: 'nellymoser',
  6: 'nellymoser',
  7: 'g711a',
  8: 'g711u',
  10: 'aac',
  11: 'speex',
  14: 'mp3',
};
const FOURCC_AUDIO: Record<string, string> = {
  Opus: 'opus',
  mp4a: 'aac',
  fLaC: 'flac',
  'ac-3': 'ac3',
  'ec-3': 'eac3',
  '.mp3': 'mp3',
};
const AAC_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];
const FLV_RATES = [5512, 11025, 22050, 44100];

export function readAudioTag(payload: Buffer): AudioTag | null {
  const first = payload[0];
  if (first === undefined) return null;
  const format = first >> 4;
  if (format === 9) {
    // Enhanced RTMP audio: [4 SoundFormat=9][4 AudioPacketType][FourCC]
    const fourcc = payload.subarray(1, 5).toString('latin1');
    return { codec: FOURCC_AUDIO[fourcc] ?? fourcc.trim(), frame: (first & 0x0f) === 1 };
  }
  const codec = SOUND_FORMATS[format] ?? `flv-${format}`;
  if (format !== 10) {
    return {
      codec,
      sampleRate: FLV_RATES[(first >> 2) & 3] ?? 0,
      channels: (first & 1) + 1,
      frame: true,
    };
  }
  if (payload[1] !== 0) return { codec, frame: true };
  // AudioSpecificConfig: [5 object type][4 frequency index][(24 explicit rate)][4 channels]
  const config = payload.subarray(2);
  if (config.length < 2) return { codec, frame: false };
  const r = new Bits(config);
  try {
    if (r.bits(5) === 31) r.bits(6);
    const index = r.bits(4);
    const sampleRate = index === 15 ? r.bits(24) : AAC_RATES[index];
    const channels = r.bits(4);
    return {
      codec,
      frame: false,
      ...(sampleRate ? { sampleRate } : {}),
      ...(channels ? { channels: channels === 7 ? 8 : channels } : {}),
    };
  } catch {
    return { codec, frame: false };
  }
}
