import { MSG, type RtmpMessage } from './chunk-stream.js';

/*
 * RTMP's audio, video and data messages are FLV tags without the framing: this puts the framing
 * back, so ffmpeg reads the published stream from a pipe as an FLV file.
 */

/** The FLV file header; flags say which of audio and video follow. */
export function flvHeader(o: { hasAudio: boolean; hasVideo: boolean }): Buffer {
  const flags = (o.hasAudio ? 0x04 : 0) | (o.hasVideo ? 0x01 : 0);
  return Buffer.from([0x46, 0x4c, 0x56, 0x01, flags, 0, 0, 0, 9, 0, 0, 0, 0]);
}

/** '@setDataFrame' as AMF0 (marker, length, text): encoders put it before onMetaData. */
const SET_DATA_FRAME = Buffer.from([0x02, 0x00, 0x0d, ...Buffer.from('@setDataFrame')]);

/** One message as an FLV tag (header, body, previous tag size). */
export function flvTag(m: RtmpMessage): Buffer {
  let body = m.payload;
  if (m.type === MSG.dataAmf0 && body.subarray(0, SET_DATA_FRAME.length).equals(SET_DATA_FRAME)) {
    body = body.subarray(SET_DATA_FRAME.length);
  }
  const header = Buffer.alloc(11);
  header.writeUInt8(m.type === MSG.dataAmf0 ? 18 : m.type, 0);
  header.writeUIntBE(body.length, 1, 3);
  header.writeUIntBE(m.timestamp & 0xffffff, 4, 3);
  header.writeUInt8((m.timestamp >>> 24) & 0xff, 7);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(11 + body.length);
  return Buffer.concat([header, body, size]);
}
