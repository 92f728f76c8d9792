/*
 * RTMP's chunk stream, both ways: the reader reassembles messages from the interleaved chunks an
 * encoder sends; the writer cuts our (small) answers into chunks. Sizes the peer announces are
 * capped, so a client cannot make the server buffer more than `maxMessageBytes` per message or
 * track more than MAX_CHUNK_STREAMS partial messages.
 */

export interface RtmpMessage {
  type: number;
  streamId: number;
  timestamp: number;
  payload: Buffer;
}

export class RtmpProtocolError extends Error {}

/** Message types this server reads or writes. */
export const MSG = {
  setChunkSize: 1,
  abort: 2,
  ack: 3,
  userControl: 4,
  windowAckSize: 5,
  setPeerBandwidth: 6,
  audio: 8,
  video: 9,
  dataAmf3: 15,
  commandAmf3: 17,
  dataAmf0: 18,
  commandAmf0: 20,
} as const;

const HEADER_BYTES = [11, 7, 3, 0] as const;
const MAX_CHUNK_STREAMS = 16;
/** Encoders use 4 KiB to 64 KiB; more only makes a partial message costlier to hold. */
const MAX_CHUNK_SIZE = 1 << 20;

interface ChunkState {
  timestamp: number;
  delta: number;
  length: number;
  type: number;
  streamId: number;
  extended: boolean;
  parts: Buffer[];
  received: number;
}

export class ChunkReader {
  private pending: Buffer = Buffer.alloc(0);
  private chunkSize = 128;
  private readonly streams = new Map<number, ChunkState>();
  /** Bytes read so far (for acknowledgements). */
  total = 0;

  constructor(public maxMessageBytes: number) {}

  /** Feeds bytes; returns the messages they complete. Throws RtmpProtocolError on nonsense. */
  push(data: Buffer): RtmpMessage[] {
    this.total += data.length;
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    const out: RtmpMessage[] = [];
    let offset = 0;
    for (;;) {
      const used = this.chunk(this.pending, offset, out);
      if (used === 0) break;
      offset += used;
    }
    this.pending = this.pending.subarray(offset);
    return out;
  }

  /** Reads one chunk at offset: the bytes it took, or 0 when it is not all there yet. */
  private chunk(buf: Buffer, start: number, out: RtmpMessage[]): number {
    let p = start;
    if (p >= buf.length) return 0;
    const first = buf.readUInt8(p);
    const fmt = first >> 6;
    let csid = first & 0x3f;
    p += 1;
    if (csid === 0) {
      if (p + 1 > buf.length) return 0;
      csid = 64 + buf.readUInt8(p);
      p += 1;
    } else if (csid === 1) {
      if (p + 2 > buf.length) return 0;
      csid = 64 + buf.readUInt8(p) + buf.readUInt8(p + 1) * 256;
      p += 2;
    }
    const prev = this.streams.get(csid);
    if (fmt !== 0 && !prev) throw new RtmpProtocolError('chunk continues a stream never started');
    const headerBytes = HEADER_BYTES[fmt] ?? 0;
    if (p + headerBytes > buf.length) return 0;
    const state: ChunkState = prev ?? {
      timestamp: 0,
      delta: 0,
      length: 0,
      type: 0,
      streamId: 0,
      extended: false,
      parts: [],
      received: 0,
    };
    let stamp = 0;
    let length = state.length;
    let type = state.type;
    let streamId = state.streamId;
    if (fmt <= 2) stamp = buf.readUIntBE(p, 3);
    if (fmt <= 1) {
      length = buf.readUIntBE(p + 3, 3);
      type = buf.readUInt8(p + 6);
    }
    if (fmt === 0) streamId = buf.readUInt32LE(p + 7);
    p += headerBytes;
    const extended = fmt <= 2 ? stamp === 0xffffff : state.extended;
    if (extended) {
      if (p + 4 > buf.length) return 0;
      stamp = buf.readUInt32BE(p);
      p += 4;
    }
    if (length > this.maxMessageBytes) throw new RtmpProtocolError('message too large');
    const starting = state.received === 0;
    if (!starting && fmt !== 3) throw new RtmpProtocolError('new header inside a message');
    const take = Math.min(this.chunkSize, length - state.received);
    if (p + take > buf.length) return 0;

    // The whole chunk is here: commit.
    if (!prev) {
      if (this.streams.size >= MAX_CHUNK_STREAMS) throw new RtmpProtocolError('too many streams');
      this.streams.set(csid, state);
    }
    if (starting) {
      if (fmt === 0) {
        state.timestamp = stamp;
        state.delta = 0;
      } else if (fmt === 3) {
        state.timestamp += state.delta;
      } else {
        state.delta = stamp;
        state.timestamp += stamp;
      }
      state.length = length;
      state.type = type;
      state.streamId = streamId;
      state.extended = extended;
    }
    state.parts.push(buf.subarray(p, p + take));
    state.received += take;
    p += take;
    if (state.received === state.length) {
      const payload = Buffer.concat(state.parts);
      state.parts = [];
      state.received = 0;
      this.control(type, payload);
      out.push({ type, streamId, timestamp: state.timestamp >>> 0, payload });
    }
    return p - start;
  }

  /** Protocol control that changes how the following chunks are read. */
  private control(type: number, payload: Buffer) {
    if (type === MSG.setChunkSize && payload.length >= 4) {
      const size = payload.readUInt32BE(0) & 0x7fffffff;
      if (size < 1 || size > MAX_CHUNK_SIZE) throw new RtmpProtocolError('bad chunk size');
      this.chunkSize = size;
    } else if (type === MSG.abort && payload.length >= 4) {
      const state = this.streams.get(payload.readUInt32BE(0));
      if (state) {
        state.parts = [];
        state.received = 0;
      }
    }
  }
}

/** Our chunk size once announced: every answer of ours fits in one chunk. */
export const OUT_CHUNK_SIZE = 4096;

/** One message as chunks on a chunk stream id below 64 (type 0 header, then type 3). */
export function writeMessage(csid: number, m: Omit<RtmpMessage, 'timestamp'>, chunkSize: number) {
  const header = Buffer.alloc(12);
  header.writeUInt8(csid & 0x3f, 0);
  header.writeUIntBE(0, 1, 3);
  header.writeUIntBE(m.payload.length, 4, 3);
  header.writeUInt8(m.type, 7);
  header.writeUInt32LE(m.streamId, 8);
  const parts: Buffer[] = [header];
  for (let offset = 0; offset < m.payload.length; offset += chunkSize) {
    if (offset > 0) parts.push(Buffer.from([0xc0 | (csid & 0x3f)]));
    parts.push(m.payload.subarray(offset, offset + chunkSize));
  }
  return Buffer.concat(parts);
}

export function uint32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
}
